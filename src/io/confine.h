/* Internal: confinement of the files a model names to one folder (`dmlp dispatch
   --confine DIR`). A path is resolved as usual (symbolic links followed, ".." taken
   physically); the file it reaches must lie inside the folder, and is then opened
   through the folder's descriptor with openat2(RESOLVE_BENEATH) (or the portable walk in
   platform/files.h), so a link swapped in between the check and the open cannot lead out either. */
#ifndef DMLP_IO_CONFINE_H
#define DMLP_IO_CONFINE_H

#include <stddef.h>

#include "dmlp.h"

typedef struct dmlp__confine {
    int dir;    /* the folder, open */
    char *root; /* its physical path (realpath) */
    size_t root_len;
} dmlp__confine;

/* Opens the folder. IO "<why>" on failure (not a folder, missing). */
dmlp_status dmlp__confine_open(const char *folder, dmlp__confine *confine);
void dmlp__confine_close(dmlp__confine *confine);

/* Opens an existing file for reading if path resolves inside the folder; else IO
   "'<path>' resolves to '<where>', outside the confinement folder '<root>'". */
dmlp_status dmlp__confine_open_file(const dmlp__confine *confine, const char *path, int *fd);

/* Opens the folder dir_path (a directory that must exist) if it resolves inside. */
dmlp_status dmlp__confine_open_dir(const dmlp__confine *confine, const char *dir_path, int *fd);

#endif
