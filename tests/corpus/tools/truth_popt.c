/* The option tables a program hands popt, read in the program's own process (corpus truth).

   Built by make_truth.py into a shared object and preloaded (LD_PRELOAD) into the program:
   `poptGetContext` is wrapped, and the table it is given is walked as popt walks it
   (POPT_ARG_INCLUDE_TABLE entries are the nested tables, popt's own help table among them);
   `poptAddItem` is wrapped too, so the aliases and execs popt reads from its configuration
   files for that context (rpm's `/usr/lib/rpm/rpmpopt-*`: `--scripts`, `--requires`…) are
   seen the way popt itself adds them. At the program's first `poptGetNextOpt` (its table and
   aliases are then complete, nothing has been parsed or done yet) one JSON line per option is
   written to $TRUTH_POPT_OUT and the process ends. Imports nothing of workbench; reads no help
   text. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <popt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static FILE *out;
static poptContext captured;

#include "truth_json.h"

static void option_line(const struct poptOption *opt, const char *source, const char *group)
{
    char shortName[2] = {opt->shortName, 0};
    fputs("{\"source\": ", out);
    json_string(source);
    fputs(", \"group\": ", out);
    json_string(group);
    fputs(", \"long\": ", out);
    json_string(opt->longName);
    fputs(", \"short\": ", out);
    json_string(opt->shortName ? shortName : NULL);
    fprintf(out, ", \"arg_type\": %u, \"onedash\": %s, \"hidden\": %s, \"optional\": %s",
            opt->argInfo & POPT_ARG_MASK, (opt->argInfo & POPT_ARGFLAG_ONEDASH) ? "true" : "false",
            (opt->argInfo & POPT_ARGFLAG_DOC_HIDDEN) ? "true" : "false",
            (opt->argInfo & POPT_ARGFLAG_OPTIONAL) ? "true" : "false");
    fputs(", \"arg_descrip\": ", out);
    json_string(opt->argDescrip);
    fputs(", \"descrip\": ", out);
    json_string(opt->descrip);
    fputs("}\n", out);
}

static void walk(const struct poptOption *table, const char *group, int depth)
{
    if (table == NULL || depth > 16)
        return;
    for (const struct poptOption *opt = table;
         opt->longName || opt->shortName || opt->arg || opt->argInfo; opt++) {
        unsigned int type = opt->argInfo & POPT_ARG_MASK;
        if (type == POPT_ARG_INCLUDE_TABLE) {
            walk((const struct poptOption *)opt->arg, opt->descrip ? opt->descrip : group,
                 depth + 1);
            continue;
        }
        if (type == POPT_ARG_CALLBACK || type == POPT_ARG_INTL_DOMAIN)
            continue;
        if (opt->longName == NULL && opt->shortName == 0)
            continue;
        option_line(opt, "table", group);
    }
}

static void open_out(void)
{
    if (out == NULL) {
        const char *path = getenv("TRUTH_POPT_OUT");
        out = fopen(path ? path : "/dev/stderr", "w");
    }
}

poptContext poptGetContext(const char *name, int argc, const char **argv,
                           const struct poptOption *options, unsigned int flags)
{
    static poptContext (*real)(const char *, int, const char **, const struct poptOption *,
                               unsigned int);
    if (real == NULL)
        real = dlsym(RTLD_NEXT, "poptGetContext");
    poptContext con = real(name, argc, argv, options, flags);
    if (captured == NULL) {
        captured = con;
        open_out();
        fputs("{\"context\": ", out);
        json_string(name);
        fputs("}\n", out);
        walk(options, NULL, 0);
        fflush(out);
    }
    return con;
}

int poptAddItem(poptContext con, poptItem newItem, int flags)
{
    static int (*real)(poptContext, poptItem, int);
    if (real == NULL)
        real = dlsym(RTLD_NEXT, "poptAddItem");
    if (con == captured && out != NULL) {
        option_line(&newItem->option, flags ? "exec" : "alias", NULL);
        fflush(out);
    }
    return real(con, newItem, flags);
}

int poptGetNextOpt(poptContext con)
{
    static int (*real)(poptContext);
    if (real == NULL)
        real = dlsym(RTLD_NEXT, "poptGetNextOpt");
    if (con == captured && out != NULL) {
        fputs("{\"done\": true}\n", out);
        fclose(out);
        _exit(0);
    }
    return real(con);
}
