#!/usr/bin/python3
"""Prints the polynomial of Exp's lean binary32 lanes on AVX-512 (exp_lean64 in
src/kernels/vector_crmath.inc) and proves its bound:

    /usr/bin/python3 tools/gen_exp_lean_poly.py

e^r on |r| <= A = ln2/32 + 2^-30 (16 pieces of ln 2; the reduction's k may round past
a half only by the constant's own error) by the degree-4 polynomial that interpolates
e^r at the 5 Chebyshev points of [-A, A], computed at 400 bits:
  - interpolation: |e^r - p(r)| <= max|f^(5)| / 5! * 2 (A/2)^5, max|f^(5)| = e^A;
  - the coefficients' rounding to binary64: sum |c - c~| A^i, computed exactly;
  - evaluation by Horner's rule with fused steps, q_4 = c_4, q_j = q_(j+1) r + c_j, each
    rounded once: the last, q_0 in [e^-A, e^A], within u e^A (u = 2^-53); each other
    q_j (|q_j| <= 1.03) within 1.03 u, which reaches q_0 multiplied by r^j: at most
    1.03 u A each (counted here four times);
  - the reduction: r = x - k C1 by one fused step (C1 = ln2/16 rounded, |k| < 2^11 for
    |x| <= 88.5): |r - r~| <= u A + 2^11 |C1 - ln2/16|, and e^r~ = e^r e^(r~ - r);
  - the table's 2^(j/16) rounded once and the product rounded once: 2u more.
It prints the bound again for |x| <= 106 (GELU's lean block; the same holds while
|k| < 2^12, to |x| < 177), and Sinh's and GELU tanh's. The relative bound is
printed with the binary64 steps it needs (relative e of a value in
[2^e, 2^(e+1)) is within e 2^53 of its steps); the generator stops if the steps the
kernel tests (STEPS) do not cover it."""
import mpmath as mp

mp.mp.prec = 400
DEGREE = 4
STEPS = 32768
EXPM1_STEPS = 16384
u = mp.mpf(2) ** -53
A = mp.log(2) / 32 + mp.mpf(2) ** -30


def to_double(v):
    return float(mp.mpf(v))  # mpmath rounds to nearest


# Chebyshev points and the interpolant's monomial coefficients (exact solve at 400 bits)
n = DEGREE + 1
nodes = [A * mp.cos(mp.pi * (2 * i + 1) / (2 * n)) for i in range(n)]
M = mp.matrix([[x ** j for j in range(n)] for x in nodes])
c = mp.lu_solve(M, mp.matrix([mp.exp(x) for x in nodes]))
coeffs = [c[j] for j in range(n)]
rounded = [to_double(v) for v in coeffs]

interp = mp.exp(A) / mp.factorial(n) * 2 * (A / 2) ** n
rounding = sum(abs(coeffs[j] - mp.mpf(rounded[j])) * A ** j for j in range(n))
evaluation = u * mp.exp(A) + DEGREE * u * A * mp.mpf("1.03")
C1 = to_double(mp.log(2) / 16)
reduction = (u * A + 2 ** 11 * abs(mp.mpf(C1) - mp.log(2) / 16)) * mp.exp(A)
absolute = interp + rounding + evaluation + reduction
relative = absolute / mp.exp(-A) + 2 * u
steps = relative * 2 ** 53

print("C1 = ln2/16 rounded: %s" % C1.hex())
for j, v in enumerate(rounded):
    print("c%d = %s" % (j, v.hex()))
print("interpolation 2^%.2f, coefficients 2^%.2f, evaluation 2^%.2f, reduction 2^%.2f"
      % tuple(float(mp.log(v, 2)) for v in (interp, rounding, evaluation, reduction)))
print("relative 2^%.2f: %.0f steps (the kernel tests %d)" % (float(mp.log(relative, 2)),
                                                           float(steps), STEPS))
# sampled check of the proved bound (not the proof): the worst error on a fine grid
worst = max(abs(mp.exp(r) - sum(mp.mpf(rounded[j]) * r ** j for j in range(n)))
            for r in (A * (2 * mp.mpf(i) / 4000 - 1) for i in range(4001)))
print("sampled interpolation and rounding error 2^%.2f" % float(mp.log(worst, 2)))
if steps > STEPS:
    raise SystemExit("the bound needs more steps than the kernel tests")
# GELU's lean block takes e^(-x^2/2) to |x| = 14.5 (an argument down to -105.125): there
# |k| < 2^12, which doubles the reduction's term; the rest is unchanged.
reduction_wide = (u * A + 2 ** 12 * abs(mp.mpf(C1) - mp.log(2) / 16)) * mp.exp(A)
relative_wide = (interp + rounding + evaluation + reduction_wide) / mp.exp(-A) + 2 * u
print("to |x| <= 106 (|k| < 2^12): relative 2^%.2f" % float(mp.log(relative_wide, 2)))
# Sinh's lean block for |x| in [1, 88.5]: (e - 1/e) / 2 with e and 1/e within relative
# and relative + u; the difference magnifies them by at most coth 1 (the terms' sum over
# their difference) and the second term's u by 1/(e^2 - 1) of it, then rounds once.
sinh_relative = relative / mp.tanh(1) + u * (1 + 1 / (mp.e ** 2 - 1))
print("sinh, |x| >= 1: relative 2^%.2f: %.0f steps" % (float(mp.log(sinh_relative, 2)),
                                                      float(sinh_relative * 2 ** 53)))
if sinh_relative * 2 ** 53 > STEPS:
    raise SystemExit("the sinh bound needs more steps than the kernel tests")
# GELU tanh's lean block: x / (1 + e^-v) for |v| < 112.5 (|k| < 2^12 still, so the wide
# bound holds); the quotient passes e's relative error at most once, and the lanes' own
# (7 |v| + 2.05) u (v's roundings magnified by |v|, the sum and the quotient) joins it.
gelu_tanh_relative = relative_wide + (7 * mp.mpf("112.5") + mp.mpf("2.05")) * u
print("gelu tanh, |v| < 112.5: relative 2^%.2f: %.0f steps"
      % (float(mp.log(gelu_tanh_relative, 2)), float(gelu_tanh_relative * 2 ** 53)))
if gelu_tanh_relative * 2 ** 53 > STEPS:
    raise SystemExit("the gelu tanh bound needs more steps than the kernel tests")

# e^x - 1 (ELU's lean block, expm1_lean64 in src/kernels/vector_crmath_param.inc):
# (2^e T_hi - 1) + 2^e T_hi q, q = r g(r), g(r) = (e^r - 1)/r = integral over [0, 1] of
# e^(r s) ds, so |g^(m)| <= e^A / (m + 1): the degree-4 interpolant at the same points is
# within e^A / 6 / 5! * 2 (A/2)^5 of g, relative to g >= e^-A... (g(-A) > 0.989).
gvals = [mp.expm1(x) / x if abs(x) > mp.mpf(2) ** -100 else mp.mpf(1) for x in nodes]
gc = mp.lu_solve(M, mp.matrix(gvals))
gcoeffs = [gc[j] for j in range(n)]
grounded = [to_double(v) for v in gcoeffs]
g_interp = mp.exp(A) / 6 / mp.factorial(n) * 2 * (A / 2) ** n
g_rounding = sum(abs(gcoeffs[j] - mp.mpf(grounded[j])) * A ** j for j in range(n))
g_min = (1 - mp.exp(-A)) / A
# relative error of q = r g(r) (the product rounds once): g's, Horner's (as above, on
# values near 1), the product's
q_rel = (g_interp + g_rounding + u * mp.mpf("1.03") + DEGREE * u * A * mp.mpf("1.03")) / g_min + u
# where k != 0: |x| >= ln2/32 - 2^-40, so |e^x - 1| >= 1 - e^(-ln2/32 + 2^-40) for x < 0;
# s = 2^e T_hi <= e^A; errors: T_hi (u/2 of T, s u in all), q's (s |q| q_rel), the
# reduction's (s e^r times r's error), s - 1 (u where s < 1/2, |s - 1| <= 1), the fused
# sum's u; where k = 0, s = 1 and r = x: q's alone and the sum's u.
small = 1 - mp.exp(-mp.log(2) / 32 + mp.mpf(2) ** -40)
q_max = mp.exp(A) - 1
r_err = u * A + 2 ** 11 * abs(mp.mpf(C1) - mp.log(2) / 16)
far = (mp.exp(A) * u + mp.exp(A) * q_max * q_rel + mp.exp(2 * A) * r_err + u) / small + u
near = q_rel + u
expm1_rel = max(far, near) + u  # ELU's product by Alpha rounds once more
print("expm1: g c%s" % ", ".join("%d = %s" % (j, v.hex()) for j, v in enumerate(grounded)))
print("expm1: g within 2^%.2f relative (interpolation 2^%.2f); result within 2^%.2f "
      "(k != 0: 2^%.2f, k = 0: 2^%.2f) with Alpha's product: %.0f steps (tested %d)"
      % (float(mp.log(q_rel, 2)), float(mp.log(g_interp, 2)), float(mp.log(expm1_rel, 2)),
         float(mp.log(far, 2)), float(mp.log(near, 2)), float(expm1_rel * 2 ** 53),
         EXPM1_STEPS))
worst_g = max(abs(mp.expm1(r) / r - sum(mp.mpf(grounded[j]) * r ** j for j in range(n)))
              for r in (A * (2 * mp.mpf(i) + 1) / 4000 - A for i in range(4000)))
print("expm1: sampled error of g 2^%.2f" % float(mp.log(worst_g, 2)))
if expm1_rel * 2 ** 53 > EXPM1_STEPS:
    raise SystemExit("the expm1 bound needs more steps than the kernel tests")
