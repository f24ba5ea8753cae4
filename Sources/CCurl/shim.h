#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

// libcurl is opened when a fetch first needs it (`aasa_curl_open`), not when the program
// starts: the commands that never fetch neither pay for loading it and the TLS, Kerberos and
// LDAP libraries it brings, nor need it installed. Each function is looked up by name into
// this table, typed after curl.h's own declaration.
struct aasa_curl {
    __typeof__(&curl_global_init) global_init;
    __typeof__(&curl_easy_init) easy_init;
    __typeof__(&curl_easy_cleanup) easy_cleanup;
    // Variadic, which Swift cannot call: through the typed wrappers below.
    void *easy_setopt;
    __typeof__(&curl_easy_strerror) easy_strerror;
    __typeof__(&curl_slist_append) slist_append;
    __typeof__(&curl_slist_free_all) slist_free_all;
    __typeof__(&curl_multi_init) multi_init;
    __typeof__(&curl_multi_cleanup) multi_cleanup;
    __typeof__(&curl_multi_add_handle) multi_add_handle;
    __typeof__(&curl_multi_remove_handle) multi_remove_handle;
    __typeof__(&curl_multi_perform) multi_perform;
    __typeof__(&curl_multi_info_read) multi_info_read;
    __typeof__(&curl_multi_poll) multi_poll;
};

// Opens the system's libcurl and fills `api`. Returns NULL; else, with `*library_failed` set,
// why the library could not be opened (the loader's words for the first name tried), or with
// it clear, the name of a function the library lacks. Called once (`Curl.shared`).
static inline const char *aasa_curl_open(struct aasa_curl *api, int *library_failed) {
    static const char *const names[] = {"libcurl.so.4", "libcurl.4.dylib", "libcurl.so"};
    static char reason[512];
    void *library = NULL;
    *library_failed = 0;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
        const char *error = library == NULL ? dlerror() : NULL;
        if (index == 0 && error != NULL) snprintf(reason, sizeof reason, "%s", error);
    }
    if (library == NULL) {
        *library_failed = 1;
        return reason;
    }
#define AASA_CURL_FIND(field, name)                                  \
    if ((*(void **)&api->field = dlsym(library, name)) == NULL) return name;
    AASA_CURL_FIND(global_init, "curl_global_init")
    AASA_CURL_FIND(easy_init, "curl_easy_init")
    AASA_CURL_FIND(easy_cleanup, "curl_easy_cleanup")
    AASA_CURL_FIND(easy_setopt, "curl_easy_setopt")
    AASA_CURL_FIND(easy_strerror, "curl_easy_strerror")
    AASA_CURL_FIND(slist_append, "curl_slist_append")
    AASA_CURL_FIND(slist_free_all, "curl_slist_free_all")
    AASA_CURL_FIND(multi_init, "curl_multi_init")
    AASA_CURL_FIND(multi_cleanup, "curl_multi_cleanup")
    AASA_CURL_FIND(multi_add_handle, "curl_multi_add_handle")
    AASA_CURL_FIND(multi_remove_handle, "curl_multi_remove_handle")
    AASA_CURL_FIND(multi_perform, "curl_multi_perform")
    AASA_CURL_FIND(multi_info_read, "curl_multi_info_read")
    AASA_CURL_FIND(multi_poll, "curl_multi_poll")
#undef AASA_CURL_FIND
    return NULL;
}

// One typed wrapper of curl_easy_setopt per kind of argument the fetcher passes.
typedef CURLcode (*aasa_curl_setopt_function)(CURL *handle, CURLoption option, ...);

static inline CURLcode aasa_curl_setopt_long(const struct aasa_curl *api, CURL *handle,
                                             CURLoption option, long value) {
    return ((aasa_curl_setopt_function)api->easy_setopt)(handle, option, value);
}

static inline CURLcode aasa_curl_setopt_string(const struct aasa_curl *api, CURL *handle,
                                               CURLoption option, const char *value) {
    return ((aasa_curl_setopt_function)api->easy_setopt)(handle, option, value);
}

static inline CURLcode aasa_curl_setopt_pointer(const struct aasa_curl *api, CURL *handle,
                                                CURLoption option, void *value) {
    return ((aasa_curl_setopt_function)api->easy_setopt)(handle, option, value);
}

static inline CURLcode aasa_curl_setopt_slist(const struct aasa_curl *api, CURL *handle,
                                              CURLoption option, struct curl_slist *value) {
    return ((aasa_curl_setopt_function)api->easy_setopt)(handle, option, value);
}

typedef size_t (*aasa_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode aasa_curl_setopt_callback(const struct aasa_curl *api, CURL *handle,
                                                 CURLoption option,
                                                 aasa_curl_data_callback value) {
    return ((aasa_curl_setopt_function)api->easy_setopt)(handle, option, value);
}
