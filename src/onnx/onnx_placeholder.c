typedef int dmlp__onnx_placeholder;
