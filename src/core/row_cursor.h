/* Internal: a walk through one row of an operator along axes (core/plan_rows.h), in row
   order through the strides, and the element copies in and out of it, for plan_rows.c
   and plan_rows_lanes.c. */
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

/* n elements from the cursor on, their bytes packed into `into`; their output offsets
   to out_offsets unless it is NULL. */
static inline void cursor_gather(const dmlp__rows_plan *p, const unsigned char *row,
                                 row_cursor *c, size_t n, void *into, uint64_t *out_offsets)
{
    size_t eb = p->element_bytes;
    for (size_t i = 0; i < n; i++) {
        memcpy((unsigned char *)into + i * eb, row + c->in_offset, eb);
        if (out_offsets)
            out_offsets[i] = c->out_offset;
        cursor_next(p, c);
    }
}

/* n packed elements to their places in the output row. */
static inline void row_put(const dmlp__rows_plan *p, unsigned char *row,
                           const uint64_t *offsets, const void *from, size_t n)
{
    size_t eb = p->element_bytes;
    for (size_t i = 0; i < n; i++)
        memcpy(row + offsets[i], (const unsigned char *)from + i * eb, eb);
}

/* A result's bits (the output format's, in the low bits) to its place. */
static inline void row_put_bits(const dmlp__rows_plan *p, unsigned char *at, uint64_t bits)
{
    if (p->element_bytes == 2) {
        uint16_t v = (uint16_t)bits;
        memcpy(at, &v, sizeof v);
    } else if (p->element_bytes == 4) {
        uint32_t v = (uint32_t)bits;
        memcpy(at, &v, sizeof v);
    } else {
        memcpy(at, &bits, sizeof bits);
    }
}

#endif
