/* The option tables a program hands GNU argp, read in the program's own process (corpus truth).

   Built by make_truth.py into a shared object and preloaded (LD_PRELOAD) into a program that
   calls glibc's `argp_parse` (elfutils' eu-* tools; a program carrying gnulib's own copy of
   argp, such as cpio, calls that copy directly and cannot be read this way). The `struct argp`
   it is given is walked as argp walks it: its `options` vector, then each of its `children`
   (libdwfl's standard options in eu-addr2line and eu-stack) in turn. One JSON line per entry
   is written to $TRUTH_ARGP_OUT, with the flags argp reads (OPTION_ALIAS: another name of the
   entry before it; OPTION_HIDDEN; OPTION_DOC: documentation, no option; OPTION_ARG_OPTIONAL),
   plus whether the program names a version (argp then adds `--version`); the process ends
   before anything is parsed or done. Imports nothing of workbench; reads no help text. */
#define _GNU_SOURCE
#include <argp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static FILE *out;

#include "truth_json.h"

static void walk(const struct argp *argp, int depth)
{
    if (argp == NULL || depth > 16)
        return;
    for (const struct argp_option *opt = argp->options;
         opt != NULL && (opt->name || opt->key || opt->doc || opt->group); opt++) {
        fputs("{\"depth\": ", out);
        fprintf(out, "%d, \"name\": ", depth);
        json_string(opt->name);
        fprintf(out, ", \"key\": %d, \"arg\": ", opt->key);
        json_string(opt->arg);
        fprintf(out, ", \"alias\": %s, \"hidden\": %s, \"doc\": %s, \"optional\": %s",
                (opt->flags & OPTION_ALIAS) ? "true" : "false",
                (opt->flags & OPTION_HIDDEN) ? "true" : "false",
                (opt->flags & OPTION_DOC) ? "true" : "false",
                (opt->flags & OPTION_ARG_OPTIONAL) ? "true" : "false");
        fputs(", \"text\": ", out);
        json_string(opt->doc);
        fputs("}\n", out);
    }
    for (const struct argp_child *child = argp->children; child != NULL && child->argp; child++)
        walk(child->argp, depth + 1);
}

error_t argp_parse(const struct argp *argp, int argc, char **argv, unsigned flags,
                   int *arg_index, void *input)
{
    (void)argc;
    (void)argv;
    (void)arg_index;
    (void)input;
    const char *path = getenv("TRUTH_ARGP_OUT");
    out = fopen(path ? path : "/dev/stderr", "w");
    fprintf(out, "{\"flags\": %u, \"version\": %s}\n", flags,
            (argp_program_version || argp_program_version_hook) ? "true" : "false");
    walk(argp, 0);
    fputs("{\"done\": true}\n", out);
    fclose(out);
    _exit(0);
}
