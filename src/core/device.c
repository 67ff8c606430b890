typedef int dmlp__placeholder_device; /* being written */
