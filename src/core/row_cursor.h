/* Internal: a walk through one row of an operator along axes (core/plan_rows.h), in row
   order through the strides, for plan_rows.c and plan_rows_lanes.c. */
#ifndef DMLP_CORE_ROW_CURSOR_H
#define DMLP_CORE_ROW_CURSOR_H

#include <string.h>

#include "core/plan_rows.h"

/* A position in a row: the index of each row dimension and the byte offsets. */
typedef struct row_cursor {
    uint64_t index[DMLP__MAX_DIMS];
    uint64_t in_offset, out_offset;
} row_cursor;

static inline void cursor_start(row_cursor *c)
{
    memset(c, 0, sizeof *c);
}

/* One element on, the last row dimension fastest. */
static inline void cursor_next(const dmlp__rows_plan *p, row_cursor *c)
{
    for (uint32_t k = p->row_dims; k-- > 0;) {
        c->in_offset += p->in_row_strides[k];
        c->out_offset += p->out_row_strides[k];
        if (++c->index[k] < p->row_sizes[k])
            return;
        c->index[k] = 0;
        c->in_offset -= p->in_row_strides[k] * p->row_sizes[k];
        c->out_offset -= p->out_row_strides[k] * p->row_sizes[k];
    }
}

#endif
