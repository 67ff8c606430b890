typedef int dmlp__placeholder_threadpool; /* being written */
