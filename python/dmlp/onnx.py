"""ONNX models (the operators the ONNX front end accepts, docs/onnx.md), run the way
ONNX Runtime runs them.

    session = dmlp.onnx.InferenceSession("model.onnx")    # or the model's bytes
    [y] = session.run(None, {"x": x})

The model is loaded and checked once, when the session is made; run() only runs it.
Types numpy lacks travel as bit patterns: bfloat16 as uint16 and the float8 types as
uint8, both in feeds and in results (a torch.bfloat16 tensor may be fed as it is).
"""
from . import _dmlp

__all__ = ["InferenceSession", "NodeArg"]


class NodeArg:
    """A graph input or output: .name, .type ("tensor(float)"), .shape (ints, the
    names of symbolic dimensions, or None where unknown)."""

    __slots__ = ("name", "type", "shape")

    def __init__(self, name, type, shape):
        self.name = name
        self.type = type
        self.shape = shape

    def __repr__(self):
        return f"NodeArg(name={self.name!r}, type={self.type!r}, shape={self.shape!r})"


def _node_args(described):
    return [NodeArg(name, f"tensor({type_name})", shape)
            for name, type_name, shape, _ in described]


class InferenceSession:
    """InferenceSession(path_or_bytes): ONNX Runtime's session, on dmlp.

    Of ONNX Runtime's SessionOptions, intra_op_num_threads is used (the threads that
    run the model; 0 or unset: one per core); the other arguments ONNX Runtime takes
    (providers, provider_options) are accepted and ignored: dmlp has one provider, the
    CPU."""

    def __init__(self, path_or_bytes, sess_options=None, providers=None,
                 provider_options=None, **kwargs):
        threads = getattr(sess_options, "intra_op_num_threads", 0) or 0
        if not isinstance(threads, int) or threads < 0:
            raise TypeError("sess_options.intra_op_num_threads: must be an int >= 0, not "
                            + repr(threads))
        self._model = _dmlp.OnnxModel(path_or_bytes, threads)
        self._inputs = _node_args(self._model.inputs())
        self._outputs = _node_args(self._model.outputs())
        self._output_index = {arg.name: i for i, arg in enumerate(self._outputs)}

    def get_inputs(self):
        return list(self._inputs)

    def get_outputs(self):
        return list(self._outputs)

    def get_providers(self):
        return ["CPUExecutionProvider"]

    def run(self, output_names, input_feed, run_options=None):
        """Runs the model on input_feed ({input name: array}) and returns a list of numpy
        arrays: every graph output (output_names None) or the named ones, in order."""
        if not hasattr(input_feed, "items"):
            raise TypeError("input_feed: must be a dict {input name: array}, not "
                            + type(input_feed).__name__)
        picks = None
        if output_names is not None:
            if isinstance(output_names, str):
                raise TypeError("output_names: must be a list of names or None, not a str")
            picks = []
            for name in output_names:
                if name not in self._output_index:
                    known = ", ".join(repr(arg.name) for arg in self._outputs)
                    raise _dmlp.Error(f"output {name!r}: the model has no such output "
                                      f"(its outputs: {known})")
                picks.append(self._output_index[name])
        results = self._model.run(list(input_feed.items()))
        if picks is None:
            return results
        return [results[i] for i in picks]
