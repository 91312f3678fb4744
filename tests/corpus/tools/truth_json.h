/* The JSON string writer the preloaded truth shims share (truth_popt.c, truth_argp.c): each
   defines `out`, the stream its JSON lines go to, before including this file. */
#ifndef TRUTH_JSON_H
#define TRUTH_JSON_H

#include <stdio.h>

static void json_string(const char *s)
{
    if (s == NULL) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

#endif
