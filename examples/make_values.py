#!/usr/bin/python3
"""Writes examples/values.npy, the input of examples/showcase.sh: float32 values that
show each operator's edge cases (infinities, -0.0, the smallest subnormal, the largest
finite float32, NaN)."""
import os
import numpy as np

values = np.array([-np.inf, -3.5, -1.0, -0.0, 0.0, 1e-45, 0.5, 2.0, 1e30, 3.4e38,
                   np.inf, np.nan], dtype=np.float32)
np.save(os.path.join(os.path.dirname(os.path.abspath(__file__)), "values.npy"), values)
