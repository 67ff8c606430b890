"""dmlp.dispatch: a DxDispatch JSON model runs and gives back its resources."""
import json
import os

import numpy as np
import pytest

import dmlp

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def test_bundled_sign_example():
    resources = dmlp.dispatch(os.path.join(EXAMPLES, "sign.json"))
    assert set(resources) == {"input", "output"}
    x, y = resources["input"], resources["output"]
    assert x.dtype == np.float32 and y.dtype == np.float32 and x.shape == (8,)
    expected = np.sign(x)
    expected[np.isnan(x)] = 0
    assert np.array_equal(y, expected + 0.0)


def test_model_written_here(tmp_path):
    model = {
        "resources": {
            "in": {"initialValuesDataType": "FLOAT16", "initialValues": [-1, 0, "inf", 65504]},
            "out": {"initialValuesDataType": "UINT8", "initialValues": {"valueCount": 4, "value": 9}},
        },
        "dispatchables": {
            "isinf": {"type": "DML_OPERATOR_ELEMENT_WISE_IS_INFINITY",
                      "desc": {"InputTensor": {"DataType": "FLOAT16", "Sizes": [1, 1, 1, 4]},
                               "OutputTensor": {"DataType": "UINT8", "Sizes": [1, 1, 1, 4]},
                               "InfinityMode": "DML_IS_INFINITY_MODE_EITHER"}}
        },
        "commands": [{"type": "dispatch", "dispatchable": "isinf",
                      "bindings": {"InputTensor": "in", "OutputTensor": "out"}}],
    }
    path = tmp_path / "isinf.json"
    path.write_text(json.dumps(model))
    resources = dmlp.dispatch(path)
    assert resources["in"].dtype == np.float16
    assert resources["out"].dtype == np.uint8 and resources["out"].tolist() == [0, 0, 1, 0]


def test_refusals(tmp_path):
    with pytest.raises(dmlp.Error, match="missing.json"):
        dmlp.dispatch(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text('{"resources": {}, "dispatchables": {}, "commands": [')
    with pytest.raises(dmlp.Error, match="bad.json"):
        dmlp.dispatch(bad)


def test_every_integer_type_comes_back_as_itself(tmp_path):
    # Each resource as its own numpy dtype and values, padded to DxDispatch's 4 bytes.
    cases = {"INT8": (np.int8, [-128, 127, -1, 0]), "UINT8": (np.uint8, [0, 255, 7, 1]),
             "INT16": (np.int16, [-32768, 32767]), "UINT16": (np.uint16, [65535, 0]),
             "INT32": (np.int32, [-2147483648, 5]), "UINT32": (np.uint32, [4294967295]),
             "INT64": (np.int64, [-9223372036854775808]), "UINT64": (np.uint64, [2 ** 64 - 1])}
    model = {"resources": {name.lower(): {"initialValuesDataType": name, "initialValues": values}
                           for name, (_, values) in cases.items()},
             "dispatchables": {}, "commands": []}
    path = tmp_path / "types.json"
    path.write_text(json.dumps(model))
    resources = dmlp.dispatch(path)
    for name, (dtype, values) in cases.items():
        array = resources[name.lower()]
        assert array.dtype == dtype, (name, array.dtype)
        assert array.tolist() == values, (name, array.tolist())


def test_two_input_and_cast_dispatchables(tmp_path):
    # The library's newer operators reach Python through the same front end.
    model = {
        "resources": {
            "a": {"initialValuesDataType": "FLOAT32", "initialValues": [1.5, -2, 3, -0.25]},
            "b": {"initialValuesDataType": "FLOAT32", "initialValues": [0.5, 4, -3, 2]},
            "sum": {"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 4, "value": 0}},
            "whole": {"initialValuesDataType": "INT32", "initialValues": {"valueCount": 4, "value": 9}},
        },
        "dispatchables": {
            "add": {"type": "DML_OPERATOR_ELEMENT_WISE_ADD",
                    "desc": {"ATensor": {"DataType": "FLOAT32", "Sizes": [4]},
                             "BTensor": {"DataType": "FLOAT32", "Sizes": [4]},
                             "OutputTensor": {"DataType": "FLOAT32", "Sizes": [4]}}},
            "cast": {"type": "DML_OPERATOR_CAST",
                     "desc": {"InputTensor": {"DataType": "FLOAT32", "Sizes": [4]},
                              "OutputTensor": {"DataType": "INT32", "Sizes": [4]}}},
        },
        "commands": [{"type": "dispatch", "dispatchable": "add",
                      "bindings": {"ATensor": "a", "BTensor": "b", "OutputTensor": "sum"}},
                     {"type": "dispatch", "dispatchable": "cast",
                      "bindings": {"InputTensor": "sum", "OutputTensor": "whole"}}],
    }
    path = tmp_path / "add_cast.json"
    path.write_text(json.dumps(model))
    resources = dmlp.dispatch(path)
    assert resources["sum"].tolist() == [2.0, 2.0, 0.0, 1.75]
    assert resources["whole"].dtype == np.int32 and resources["whole"].tolist() == [2, 2, 0, 1]
