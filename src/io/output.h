/* Internal: the one way dmlp writes a file (.npy, raw bytes, .pb), for every front end.

   Each output is written to a new temporary file in the target's folder (a short hidden
   name, created with O_EXCL), closed, and only then renamed over the target, so the
   target always holds either its old content or the complete new one. The temporaries
   are listed in io/temps.h, so the program's signal handlers can remove them.

   The target:
   - missing, or a regular file: replaced (an existing file keeps its permission bits;
     its owner and hard links are not carried over, as with any rename);
   - a symbolic link: the link is followed (through every link in a chain) and the file
     it leads to is replaced, atomically, as `>` in a shell would fill it; the link stays;
     a dangling link creates the file it names;
   - anything else (a folder, a character or block device, a FIFO, a socket): refused,
     and left as it is.
   A failed write leaves the target as it was and removes its temporary.

   A set of outputs (dmlp__outputs) is renamed together at dmlp__outputs_commit, after
   each target is checked again; until then nothing a previous run left is touched, and
   dmlp__outputs_free removes whatever was not committed. So a command that writes
   several files leaves all of them or none.

   Messages do not name the path (callers prefix it), except the file a link leads to. */
#ifndef DMLP_IO_OUTPUT_H
#define DMLP_IO_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "dmlp.h"
#include "io/confine.h"

typedef struct dmlp__piece {
    const void *data;
    size_t size;
} dmlp__piece;

typedef struct dmlp__output_entry dmlp__output_entry;

typedef struct dmlp__outputs {
    const dmlp__confine *confine; /* NULL: anywhere */
    dmlp__output_entry *entries;
    size_t count, capacity;
} dmlp__outputs;

/* An empty set; confine (may be NULL) must outlive it. */
void dmlp__outputs_init(dmlp__outputs *set, const dmlp__confine *confine);

/* Writes the pieces, in order, to a temporary file beside path's target. */
dmlp_status dmlp__outputs_add(dmlp__outputs *set, const char *path, const dmlp__piece *pieces,
                              size_t piece_count);

/* Renames every temporary over its target, in the order they were added (a later output
   to the same target wins). On failure the temporaries not yet renamed are removed and
   *failed (if not NULL) is the path, as added, of the output that failed. */
dmlp_status dmlp__outputs_commit(dmlp__outputs *set, const char **failed);

/* Removes the temporaries that were not committed and frees the set. */
void dmlp__outputs_free(dmlp__outputs *set);

/* Checks, without writing, that path could be written: its folder exists and is
   writable, and its target is not something dmlp refuses to replace. */
dmlp_status dmlp__output_check(const char *path, const dmlp__confine *confine);

/* One file: a set of one, committed. */
dmlp_status dmlp__write_file(const char *path, const dmlp__piece *pieces, size_t piece_count);

#endif
