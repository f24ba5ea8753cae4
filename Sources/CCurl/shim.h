#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper per kind of argument the fetcher passes or reads.

static inline CURLcode aasa_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode aasa_curl_setopt_string(CURL *handle, CURLoption option,
                                               const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode aasa_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode aasa_curl_setopt_slist(CURL *handle, CURLoption option,
                                              struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*aasa_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode aasa_curl_setopt_callback(CURL *handle, CURLoption option,
                                                 aasa_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}
