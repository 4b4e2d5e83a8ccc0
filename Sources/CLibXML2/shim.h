// libxml2 (Debian libxml2-dev): the HTML parser behind FeedMarkup. pkg-config adds
// -I/usr/include/libxml2.
#ifndef FEEDSCROLL_CLIBXML2_SHIM_H
#define FEEDSCROLL_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so encoding.h would pull in the system's <unicode/*.h>, whose
// enums clash with the ICU copy Foundation carries (_FoundationICU). The project never touches
// the ICU converter fields of xmlCharEncodingHandler (it only asks whether a handler exists and
// frees it), so the headers are read as if libxml2 had no ICU; the library is unchanged.
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/encoding.h>
#include <libxml/xmlreader.h>
#include <libxml/parserInternals.h>  // xmlCreateMemoryParserCtxt, xmlSwitchToEncoding (HTMLTreeBuilder)

// xmlFree is a mutable global function pointer, which Swift 6 refuses to touch.
static inline void fs_xmlFree(void *pointer) { xmlFree(pointer); }

// libxml2's generic error handler prints to stderr, over the screen curses owns (encoding and
// I/O errors have no parser context, so NOERROR does not reach them): this one drops them. Set
// for the calling thread and as the default of threads that have not used libxml2 yet.
static void fs_xmlIgnoreError(void *context, const char *message, ...) __attribute__((unused));
static void fs_xmlIgnoreError(void *context, const char *message, ...) { (void)context; (void)message; }
static inline void fs_xmlSilenceErrors(void) {
    xmlThrDefSetGenericErrorFunc(NULL, fs_xmlIgnoreError);
    xmlSetGenericErrorFunc(NULL, fs_xmlIgnoreError);
}

#endif
