/*
 * script.h - simplified <-> traditional Chinese for writers (OpenCC).
 * Private to the library; not part of the API.
 */
#ifndef XQ_SCRIPT_H
#define XQ_SCRIPT_H

#include <stddef.h>

struct xq_script;

/* A converter to traditional (to_trad) or simplified characters; NULL
 * when OpenCC or its tables cannot be loaded. */
struct xq_script *xq__script_open(int to_trad);
void xq__script_close(struct xq_script *s);

/*
 * Convert the UTF-8 text in[0..len) into a new malloc'd buffer (*out,
 * *outlen, NUL-terminated); *changed gets the number of lines whose text
 * changed.  0, XQ_ENOMEM or XQ_EINVAL (OpenCC failed).
 */
int xq__script_convert(struct xq_script *s, const char *in, size_t len,
		       char **out, size_t *outlen, long *changed);

#endif
