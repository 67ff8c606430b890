typedef int dmlp__placeholder_buffer_size; /* being written */
