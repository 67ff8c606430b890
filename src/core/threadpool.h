/* Internal: a small thread pool. A job is a count of chunks; the calling thread and up
   to `helpers` pool threads claim chunks from an atomic counter until none is left. Jobs
   from several calling threads may run at once on the same pool. */
#ifndef DMLP_CORE_THREADPOOL_H
#define DMLP_CORE_THREADPOOL_H

#include <stddef.h>
#include <stdint.h>

#include "dmlp.h"

typedef struct dmlp__threadpool dmlp__threadpool;

/* Runs chunk `index` of a job; must not fail. */
typedef void (*dmlp__chunk_fn)(void *context, size_t index);

/* A pool with `worker_count` threads (0 is fine: every job then runs on its caller).
   OUT_OF_MEMORY when memory or a thread cannot be had; nothing is left running then. */
dmlp_status dmlp__threadpool_create(uint32_t worker_count, dmlp__threadpool **pool);

/* Stops and joins the threads. NULL is fine. No job may be running. */
void dmlp__threadpool_destroy(dmlp__threadpool *pool);

uint32_t dmlp__threadpool_workers(const dmlp__threadpool *pool);

/* Runs fn(context, i) for every i in [0, chunk_count) on the calling thread and at most
   `helpers` pool threads; returns when every chunk has finished. With chunk_count <= 1
   or helpers == 0 no lock is taken and no thread is woken. */
void dmlp__threadpool_run(dmlp__threadpool *pool, dmlp__chunk_fn fn, void *context,
                          size_t chunk_count, uint32_t helpers);

#endif
