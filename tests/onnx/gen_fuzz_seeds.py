#!/usr/bin/python3
"""Writes the fuzzers' seed corpora from gen_cases.py's output (small files only).

Usage: gen_fuzz_seeds.py GENERATED_DIR FUZZ_CORPUS_DIR
  FUZZ_CORPUS_DIR/fuzz_onnx_model/<case>.onnx     models under 2 KiB (accepted and refused)
  FUZZ_CORPUS_DIR/fuzz_tensor_files/<name>         a selector byte (0: .pb, 1: .npy) then
                                                   a small TensorProto or .npy file
"""
import io
import os
import sys

import numpy as np

MODELS = ["dmlp_chain_three_outputs", "dmlp_chain_unsorted_nodes", "dmlp_input_with_default",
          "dmlp_constant_and_passthrough", "dmlp_chain_empty_ai_onnx_domain",
          "dmlp_chain_bfloat16", "dmlp_symbolic_dims", "dmlp_scalar_sign_float",
          "dmlp_isinf_float8e5m2_neg1_pos0", "dmlp_sign9_int8_opset9",
          "dmlp_softsign22_bfloat16_opset23", "dmlp_rank8_softsign"]
REFUSED = ["cycle", "external_data", "sign9_bfloat16", "int8_out_of_range", "rank9",
           "sparse_initializer"]
TENSORS = [("dmlp_scalar_softsign_double", 0, "input_0.pb"),
           ("dmlp_isinf_float8e5m2_neg1_pos1", 0, "input_0.pb"),
           ("dmlp_sign13_int8_opset13", 1, "input_0.pb"),
           ("dmlp_sign13_uint32_opset13", 1, "input_0.pb"),
           ("dmlp_sign9_int64_opset12", 1, "input_0.pb"),
           ("dmlp_softsign1_double_opset1", 1, "input_0.pb"),
           ("dmlp_chain_bfloat16", 0, "output_1.pb"),
           ("dmlp_empty_isinf_double", 0, "input_0.pb")]


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def main():
    gen, out = sys.argv[1], sys.argv[2]
    models = os.path.join(out, "fuzz_onnx_model")
    tensors = os.path.join(out, "fuzz_tensor_files")
    os.makedirs(models, exist_ok=True)
    os.makedirs(tensors, exist_ok=True)
    for name in MODELS:
        with open(os.path.join(gen, "cases", name, "model.onnx"), "rb") as f:
            write(os.path.join(models, name + ".onnx"), f.read())
    for name in REFUSED:
        with open(os.path.join(gen, "refused", name + ".onnx"), "rb") as f:
            write(os.path.join(models, "refused_" + name + ".onnx"), f.read())
    for case, data_set, file in TENSORS:
        with open(os.path.join(gen, "cases", case, "test_data_set_%d" % data_set, file),
                  "rb") as f:
            write(os.path.join(tensors, "pb_%s_%d_%s" % (case, data_set, file)),
                  b"\x00" + f.read())
    arrays = {"f4_2x3": np.arange(6, dtype="<f4").reshape(2, 3),
              "f2_fortran": np.asfortranarray(np.arange(6, dtype="<f2").reshape(3, 2)),
              "b1_scalar": np.array(True), "i8_empty": np.zeros((0, 4), dtype="<i8"),
              "u2_1d": np.array([0, 1, 65535], dtype="<u2")}
    for name, a in arrays.items():
        buf = io.BytesIO()
        np.save(buf, a)
        write(os.path.join(tensors, "npy_" + name), b"\x01" + buf.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
