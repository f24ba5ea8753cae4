#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
