#!/usr/bin/python3
"""Writes src/numeric/cr_log_lean_table.h: the table and polynomial of Log's lean binary32
lanes (log_lean64 in src/kernels/vector_crmath.inc), and proves their bound:

    /usr/bin/python3 tools/gen_log_lean.py > src/numeric/cr_log_lean_table.h

A binary32 x > 0 (subnormals too, widened to binary64) is split on its binary64 bits as
x = 2^k z, z in [O, 2 O), O = 0.703125: the bits of x less those of O give k (the
exponent field) and the piece (the top 4 fraction bits), and z is O's bits plus the
fraction bits. With O's fraction 6.5/16, 1 lies in the middle of piece 9 (in the
fraction's units): 9 pieces of width 1/32 below 1, piece 9 = [1 - 1/64, 1 + 1/32) and 6
of width 1/16 above. Each piece j has
  c_j  2 / (a + b) rounded to 12 significant bits (1 for piece 9), so that z c_j has at
       most 36 bits and r = z c_j - 1 is exact, fused or not;
  L_j  -log(c_j) rounded to binary64 (0 for piece 9).
log x = k ln2 + L_j + r Q(r), Q(r) = log1p(r) / r, Q~ the degree-6 polynomial that
interpolates Q at the Chebyshev points of I, the union of every piece's r. The kernel
computes y = fl(r Q~ + fl(k LN2 + L_j)) (LN2 = ln 2 rounded) with Horner's rule. The bound,
per piece and per k in [-150, 129] (every binary32 x > 0), of |y - log x| / |log x|:
  - Q~: the interpolation remainder, |Q^(7)| / 7! <= max(1, 1/(1 + r)^8) / 8 (Q(r) is the
    integral over [0, 1] of 1/(1 + r s) ds) times 2 (|I|/4)^7; the coefficients'
    rounding, sum |c - c~| R^i (R = max |r|); Horner's roundings, u (|q_j| + |q_(j+1) r|)
    carried to q_0 by R^j (u = 2^-53; the product's term counts the unfused form);
  - k LN2 + L_j: u |k| ln2 (the product, unfused) + |k| |LN2 - ln2| + u |L_j| (L's own
    rounding) + u |k ln2 + L_j| (the sum's);
  - the last step: u |r Q~| (the product, unfused) + u |y|;
  - for k = 0 in piece 9, L = 0 and k LN2 + L is exactly 0: y = fl(r Q~) and the bound is
    relative from the start, (R |Q - Q~| bound) / (R Q_min) + 2u.
|log x| is least at an end of the piece (log z is monotonic and k ln2 + log z keeps its
sign off piece 9 at k = 0). The largest relative bound, times 2^53, is the steps the
kernel's rounding test needs; STEPS must cover it or the generator stops.

It then bounds log1p_lean64 (the same arithmetic on h = 1 + t, t a binary64 in [0, 1],
with t's low part added to r), log_lean64 of a binary64 x >= 2, and the lean lanes built
on them (Softplus, Asinh, Acosh, Atanh), and stops likewise if their steps
(SOFTPLUS_LEAN_STEPS in src/ops/softplus.c, STEPS for the others) do not cover them;
those figures go to stderr."""
import sys

from mpmath import mp, mpf

from c_tables import print_rows16

mp.prec = 400
u = mpf(2) ** -53
STEPS = 2048
SOFTPLUS_STEPS16, SOFTPLUS_STEPS64 = 32768, 2048
DEGREE = 6
O = mpf("0.703125")


def round_bits(v, bits):
    e = int(mp.floor(mp.log(abs(v), 2)))
    scale = mpf(2) ** (bits - 1 - e)
    return mp.nint(v * scale) / scale


def to_double(v):
    return mpf(float(v))


def piece(j):
    if j < 9:
        a = O + mpf(j) / 32
        return a, a + mpf(1) / 32
    if j == 9:
        return 1 - mpf(1) / 64, 1 + mpf(1) / 32
    a = 1 + mpf(1) / 32 + mpf(j - 10) / 16
    return a, a + mpf(1) / 16


rows = []
rlo, rhi = mpf(0), mpf(0)
for j in range(16):
    a, b = piece(j)
    c = mpf(1) if j == 9 else round_bits(2 / (a + b), 12)
    L = to_double(-mp.log(c))
    rows.append((a, b, c, L))
    rlo, rhi = min(rlo, a * c - 1), max(rhi, b * c - 1)
assert piece(15)[1] == 2 * O and piece(0)[0] == O
R = max(-rlo, rhi)

n = DEGREE + 1
mid, half = (rlo + rhi) / 2, (rhi - rlo) / 2
nodes = [mid + half * mp.cos(mp.pi * (2 * i + 1) / (2 * n)) for i in range(n)]
M = mp.matrix([[x ** i for i in range(n)] for x in nodes])
sol = mp.lu_solve(M, mp.matrix([mp.log1p(x) / x for x in nodes]))
coeffs = [sol[i] for i in range(n)]
rounded = [to_double(v) for v in coeffs]

deriv = max(1, 1 / (1 + rlo) ** (n + 1)) / (n + 1)
interp = deriv * 2 * (half / 2) ** n
coeff_err = sum(abs(coeffs[i] - rounded[i]) * R ** i for i in range(n))
# |q_j| <= sum_(i >= j) |c_i| R^(i - j), with a margin for the roundings themselves
qmax = [sum(abs(rounded[i]) * R ** (i - j) for i in range(j, n)) * mpf("1.001")
        for j in range(n)]
horner = sum(u * (qmax[j] + (qmax[j + 1] * R if j + 1 < n else 0)) * R ** j
             for j in range(n - 1))
q_err = interp + coeff_err + horner
q_min = min(mp.log1p(rlo) / rlo, mp.log1p(rhi) / rhi)

LN2 = to_double(mp.log(2))
worst, where = mpf(0), None
for j, (a, b, c, L) in enumerate(rows):
    for k in range(-150, 130):
        if k == 0 and j == 9:
            rel = R * q_err / (R * q_min) + 2 * u
        else:
            ends = [k * mp.log(2) + mp.log(z) for z in (a, b)]
            assert ends[0] * ends[1] > 0, (j, k)
            ymin = min(abs(v) for v in ends)
            ymax = max(abs(v) for v in ends)
            kl = abs(k * mp.log(2) + L)
            err = (u * abs(k) * mp.log(2) + abs(k) * abs(LN2 - mp.log(2)) + u * abs(L)
                   + u * kl + R * q_err + u * R * (q_min + 1) + u * ymax * mpf("1.001"))
            rel = err / ymin
        if rel > worst:
            worst, where = rel, (j, k)
steps = worst * 2 ** 53

# log1p_lean64(t), t in [0, 1] a binary64: h = 1 + t rounded and l = t - (h - 1) exactly
# (Fast2Sum), then the same arithmetic on h (2^k z, k = 0 or 1) with r = fl(fl(z c - 1) + l):
# exactly t where c = 1 (z c - 1 = h - 1 exact, and (h - 1) + l = t); elsewhere the fused
# step rounds (u R), l stands for l c 2^-k (|l| <= u, off by |c 2^-k - 1| <= 0.43) and the
# sum rounds (u R): r within 2.43 u R + ... of z c - 1 + c l 2^-k, which moves log by that
# over 1 + r. Relative to log1p(t) >= |k ln2 + log z| at the piece's ends, as above.
worst_p = R * q_err / (R * q_min) + 2 * u  # piece 9, k = 0: r = t exactly
for j, (a, b, c, L) in enumerate(rows):
    for k in (0, 1):
        za, zb = max(a, 1 / mpf(2) ** k), min(b, 2 / mpf(2) ** k)
        if j == 9 and k == 0 or za >= zb:
            continue
        ends = [k * mp.log(2) + mp.log(z) for z in (za, zb)]
        ymin, ymax = min(abs(v) for v in ends), max(abs(v) for v in ends)
        kl = abs(k * mp.log(2) + L)
        r_err = (2 * u * R + u * abs(c / 2 ** k - 1)) / (1 - R)
        err = (u * k * mp.log(2) + k * abs(LN2 - mp.log(2)) + u * abs(L) + u * kl + R * q_err
               + u * R * (q_min + 1) + u * ymax * mpf("1.001") + r_err * mpf("1.001"))
        worst_p = max(worst_p, err / ymin)
# log_lean64 of a binary64 x >= 2 (the inverse hyperbolic functions' arguments): z has 53
# bits, so r = z c - 1 rounds once fused (u R) or twice unfused (the product's u (1 + R)
# as well), which moves log by that over 1 - R; k in [1, 129] (x < 2^129).
worst_w = mpf(0)
for j, (a, b, c, L) in enumerate(rows):
    for k in range(1, 130):
        ends = [k * mp.log(2) + mp.log(z) for z in (a, b)]
        if max(ends) < mp.log(2):
            continue
        ymin = max(min(ends), mp.log(2))
        ymax = max(ends)
        kl = abs(k * mp.log(2) + L)
        r_err = (u * R + u * (1 + R)) / (1 - R)
        err = (u * abs(k) * mp.log(2) + abs(k) * abs(LN2 - mp.log(2)) + u * abs(L) + u * kl
               + R * q_err + u * R * (q_min + 1) + u * ymax * mpf("1.001") + r_err * mpf("1.001"))
        worst_w = max(worst_w, err / ymin)
# Asinh, Acosh and Atanh's lean lanes (src/ops/asinh.c, acosh.c, atanh.c): log1p_lean64 of
# an argument in [0, 1] within e1 u relative (condition <= 1), or log_lean64 of one >= 2
# within e2 u (log's condition there <= 1 / ln 2).
for name, e1, e2 in (("asinh", 6, 3), ("acosh", 3, mpf("3.9")), ("atanh", 2, 3)):
    total = max(worst_p + e1 * u, worst_w + e2 * u / mp.log(2))
    print("%s: 2^%.2f, %.0f steps (tested %d)" % (name, float(mp.log(total, 2)),
                                                  float(total * 2 ** 53), STEPS), file=sys.stderr)
    if total * 2 ** 53 > STEPS:
        raise SystemExit("%s's bound needs more steps than its kernel tests" % name)
# Softplus's lean lanes: L = log1p_lean64(E), E = e^-|t| by exp_lean64 (relative eps:
# 2^-38.49 with 16 pieces, 2^-44.4 with 64, tools/gen_exp_lean_poly.py): E's error moves
# log1p by at most eps of it (E / ((1 + E) log1p(E)) <= 1); L (1 / s) with 1 / s rounded
# (2u) and x + L / s (one sign, u).
for name, eps, tested in (("16 pieces", mpf(2) ** mpf("-38.49"), SOFTPLUS_STEPS16),
                          ("64 pieces", mpf(2) ** mpf("-44.4"), SOFTPLUS_STEPS64)):
    total = (eps + worst_p) * (1 + eps) + 3 * u
    print("softplus with exp's %s: 2^%.2f, %.0f steps (tested %d)"
          % (name, float(mp.log(total, 2)), float(total * 2 ** 53), tested), file=sys.stderr)
    if total * 2 ** 53 > tested:
        raise SystemExit("softplus's bound needs more steps than its kernel tests")
if steps > STEPS:
    raise SystemExit("the bound needs %.0f steps; the kernel tests %d" % (steps, STEPS))
# a sampled check of Q~ alone (not the proof)
sampled = max(abs(mp.log1p(r) / r - sum(rounded[i] * r ** i for i in range(n)))
              for r in (rlo + (rhi - rlo) * (mpf(i) + mpf("0.5")) / 2000 for i in range(2000)))
assert sampled <= interp + coeff_err

print("/* Generated by tools/gen_log_lean.py: do not edit. Log's lean binary32 lanes")
print("   (log_lean64 in src/kernels/vector_crmath.inc): c and -log(c) of the 16 pieces of")
print("   [0.703125, 1.40625), r in [%s, %s], and the degree-%d interpolant of"
      % (mp.nstr(rlo, 6), mp.nstr(rhi, 6), DEGREE))
print("   log1p(r) / r. Q~ within 2^%.2f (interpolation 2^%.2f, sampled 2^%.2f); the result"
      % (float(mp.log(q_err, 2)), float(mp.log(interp, 2)), float(mp.log(sampled, 2))))
print("   within 2^%.2f of log x relative (piece %d, k = %d): %.0f binary64 steps;"
      % (float(mp.log(worst, 2)), where[0], where[1], float(steps)))
print("   log1p_lean64 of a binary64 t in [0, 1] within 2^%.2f. */" % float(mp.log(worst_p, 2)))
print("#ifndef DMLP_NUMERIC_CR_LOG_LEAN_TABLE_H")
print("#define DMLP_NUMERIC_CR_LOG_LEAN_TABLE_H")
print("")
print("#define DMLP__LOG_LEAN_STEPS %d" % STEPS)
print("#define DMLP__LOG_LEAN_LN2 %s" % float(LN2).hex())
print("#define DMLP__LOG_LEAN_TERMS %d" % n)
print("")
print("/* {c}, {-log(c)}: one row of 16 each, for a lookup of 16 */")
print_rows16("dmlp__log_lean_table", [[row[col] for row in rows] for col in (2, 3)])
print("")
print("/* Q~'s coefficients, constant term first */")
print("static const double dmlp__log_lean_poly[DMLP__LOG_LEAN_TERMS] = {")
for i in range(0, n, 3):
    print("    " + ", ".join(float(v).hex() for v in rounded[i:i + 3]) + ",")
print("};")
print("")
print("#endif")
