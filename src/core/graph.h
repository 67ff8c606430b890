/* Internal: a compiled graph (dmlp_graph_compile). graph.c checks the description and
   orders the nodes; graph_plan.c turns them into steps (replacing the Softsign pattern)
   and decides how they run; graph_exec.c runs them, block by block in cache when every
   tensor is the same packed length, node by node through full-size intermediates
   otherwise. A compiled graph is read-only, so executes may share it. */
#ifndef DMLP_CORE_GRAPH_H
#define DMLP_CORE_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/operator.h"
#include "core/plan.h"
#include "core/validate.h"
#include "dmlp.h"

/* Where a step input comes from. */
typedef enum dmlp__graph_source_kind {
    DMLP__SOURCE_INPUT,    /* a graph input binding */
    DMLP__SOURCE_STEP,     /* an earlier step's output (while checking: a node's) */
    DMLP__SOURCE_CONSTANT  /* a constant node's copied data */
} dmlp__graph_source_kind;

typedef struct dmlp__graph_source {
    dmlp__graph_source_kind kind;
    uint32_t index; /* graph input, step or constant */
} dmlp__graph_source;

#define DMLP__GRAPH_NAME_BYTES 96

typedef struct dmlp__graph_step {
    dmlp_operator op;          /* the node's operator (a copy), or a Softsign for a pattern;
                                  a chain: the first node's, with the chain kernel and
                                  the last node's output tensor */
    uint32_t node;             /* the node's index in the description */
    char name[DMLP__GRAPH_NAME_BYTES]; /* message prefix: the node's Name or "graph node N" */
    uint32_t input_count;
    dmlp__graph_source in[DMLP__MAX_INPUTS];
    int64_t output;            /* the first graph output it writes; -1: none */
    bool read_later;           /* a later step reads its output */
    bool late_divisor;         /* integer divisor (DIVIDE, moduli) a step's output */
    uint64_t buffer_bytes;     /* node by node: the intermediate's size (0: none) */
    uint32_t slot;             /* node by node: the buffer it writes, shared with steps
                                  whose intermediates are dead by then (UINT32_MAX: none) */
    bool clear_slot;           /* its output leaves gaps in the buffer: zero it first, as
                                  a fresh buffer would be */
    bool chained;              /* later nodes joined it (graph_plan.c, join_chain) */
    /* one pass: */
    bool scalar[DMLP__MAX_INPUTS]; /* input i is one element broadcast along the tensor */
    uint64_t scratch_offset;   /* bytes into the thread's block arena (read_later) */
    dmlp__kernel_args args;    /* the kernel's arguments in block runs */
} dmlp__graph_step;

typedef struct dmlp__graph {
    uint32_t input_count, output_count, step_count, constant_count;
    dmlp__tensor *inputs;     /* type; the largest total_bytes and alignment of its uses */
    dmlp__tensor *outputs;    /* the producing node's output tensor */
    uint32_t *output_step;    /* per graph output */
    uint32_t *next_output;    /* per graph output: the next one its step writes, in index
                                 order from the step's `output` (UINT32_MAX: none) */
    dmlp__plan *output_copy;  /* per graph output: Identity over its tensor (exact copy) */
    dmlp__graph_step *steps;  /* producers first */
    void **constants;         /* copies of the constant nodes' data */
    uint32_t patterns;        /* Softsign patterns replaced */
    uint32_t chained;         /* nodes joined to the step before them in a chain */
    bool staged;              /* node by node, every output through its intermediate */
    /* node by node: the buffers the intermediates share (graph_plan.c's assign_slots) */
    uint32_t slot_count;
    uint64_t *slot_bytes;
    uint64_t intermediate_bytes; /* their sum: the most held at once */
    /* one pass, decided at compile: */
    bool fused;
    uint32_t block;           /* elements per block */
    uint64_t element_count;
    uint64_t chunk_elements;  /* a multiple of block */
    uint32_t max_threads;
    bool stream;              /* non-temporal stores to the graph outputs */
    /* software prefetch of the packed graph inputs (large tensors, as tuned) */
    uint32_t prefetch_count;
    uint32_t prefetch_input[4]; /* graph input indices */
    uint32_t prefetch_size[4];  /* their element bytes */
    uint32_t prefetch_distance; /* bytes ahead */
    bool prefetch_nta;
} dmlp__graph;

/* The checked description, in the form graph_plan.c reads. */
typedef struct dmlp__graph_desc_info {
    const DML_GRAPH_DESC *desc;
    uint32_t execution_flags;
    const dmlp_operator **ops;  /* per node; NULL for a constant node */
    const DML_CONSTANT_DATA_GRAPH_NODE_DESC **constants; /* per node; NULL for operators */
    dmlp__graph_source (*feed)[DMLP__MAX_INPUTS]; /* per node input; index: graph input
                                                     or node */
    uint32_t *uses;             /* per node: intermediate edges leaving it */
    uint32_t *output_uses;      /* per node: graph outputs it feeds */
    uint32_t *order;            /* the operator nodes, producers first */
    uint32_t order_count;
    uint32_t *output_node;      /* per graph output */
    dmlp__tensor *inputs;       /* per graph input */
} dmlp__graph_desc_info;

/* graph_plan.c: the steps, the pattern replacement and the way of running. */
dmlp_status dmlp__graph_plan(const dmlp__graph_desc_info *info, dmlp__graph *graph);

/* graph_exec.c: checks the bindings and runs the graph (dmlp_operator_execute). */
dmlp_status dmlp__graph_execute(const dmlp_operator *op, uint32_t input_count,
                                const dmlp_buffer_binding *inputs, uint32_t output_count,
                                const dmlp_buffer_binding *outputs);

void dmlp__graph_free(dmlp__graph *graph);

/* Node by node, the intermediates live from the step that writes them to their last
   reader; a buffer whose intermediate is dead is reused. The bytes of intermediates held
   at once, and (buffers non-NULL) how many buffers; 0 when op is no graph. The ONNX
   front end takes them from its memory budget; tests check them. */
uint64_t dmlp__graph_intermediate_bytes(const dmlp_operator *op, uint32_t *buffers);

/* OUT_OF_MEMORY, naming the bytes, when the intermediates exceed the memory budget
   (core/memory_budget.h: the machine's room or DMLP_MAX_MEMORY); `who` prefixes the
   message. */
dmlp_status dmlp__graph_check_memory(const dmlp__graph *graph, const char *who);

/* For tests and bench: how a compiled graph runs, e.g. "one pass, 2 steps, blocks of 2048
   elements, 1 Softsign pattern" or "node by node, 3 steps, ...". NULL when op is no
   graph. */
const char *dmlp__graph_describe(const dmlp_operator *op, char *text, size_t capacity);

#endif
