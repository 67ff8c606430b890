#!/usr/bin/python3
"""Writes src/numeric/cr_erf_lanes_tables.h: the polynomials of Erf's and GELU's binary32
vector kernels (src/ops/erf.c, src/ops/gelu.c; docs/accuracy.md, "Fast kernels"),
computed with mpmath at 400 bits, and the number of binary64 steps each kernel tests.

    /usr/bin/python3 tools/gen_erf_lanes_tables.py > src/numeric/cr_erf_lanes_tables.h

The kernels read no table by gathers where the ISA can permute (AVX-512: 16 entries in
two registers), so each function is a few intervals, each with one polynomial of degree
13 in s, laid out [coefficient][interval]:
  - GELU: G(a) = e^(a^2/2) erfc(a/sqrt2), a = |x| in [0, 22), so that
    x/2 erfc(|x|/sqrt2) = x/2 e^(-x^2/2) G(|x|); s = a - centre (s = a on [0, 1/2)).
  - Erf: g(z) = e^(z^2) erfc(z) for z = |x| in [1/2, 4), erf = 1 - e^(-z^2) g(z), s = z -
    centre; below 1/2 (intervals 0 and 1) erf(z) = z P(z^2), P erf's Taylor series to
    z^27, s = z^2.
The intervals follow the bits of a + 2 (z + 1): its exponent and the first two bits of
its significand (for a binary32 a or z the sum never rounds across an interval's end).
Each s is exact: a binary32 at least 1/2 less a centre with few bits.

The bounds are proved here, not sampled, and the generator stops if a step count does
not cover them:
  - approximation: each polynomial interpolates at the 14 Chebyshev points of its
    interval, so |f - p| <= max|f^(14)| / 14! * 2 ((hi - lo)/4)^14. With
    G(a) = sqrt(2/pi) integral over t >= 0 of e^(-a t - t^2/2), every |G^(m)| is
    decreasing in a >= 0: its maximum is at the interval's low end (g(z) = G(sqrt2 z)
    likewise). The Taylor series' tail is below its first omitted term (alternating,
    decreasing for z^2 <= 1/4). Then the coefficients' rounding to binary64, sum
    |c - c~| |s|^i at the largest |s|;
  - evaluation: Horner's rule in binary64, with or without fused steps, within
    gamma_26 sum |c~_i| |s|^i (Higham, Accuracy and Stability, 5.1);
  - relative to the smallest value of f on the interval (G and g decrease, P too);
  - then the kernels' own steps (u = 2^-53): e^-w from exp_core64 within 1.1u; GELU's
    two products and the final subtraction (x > 0: (x/2) e G <= x/2 <= the result, so
    its error counts once), 4.1u in all; Erf's product z P (u), or 1 - e g (the product
    u, and erfc/erf <= 0.921 from z = 1/2 on weighs the error of e g, then u).
GELU's lean block takes G of degree LEAN_DEGREE on the same intervals (for |x| <=
LEAN_LIMIT) and e^-w from exp_lean64; its bound is G's with exp_lean64's and 3u, against
the steps the block tests (not doubled: the bound is proved). Erf's lean block takes erf's
series and g to degree LEAN_DEGREE on Erf's intervals and e^-w from exp_lean64 (w = z^2 <
16, exact): z P (u), or 1 - e g in one fused step (e g's error weighs erfc/erf <= 0.921,
then u).
"""
import mpmath as mp

mp.mp.prec = 400
DEGREE = 13
TERMS = DEGREE + 1
WIDTH = 16  # entries a row: AVX-512's two-register permute
U = mp.mpf(2) ** -53
GAMMA = 2 * DEGREE * U / (1 - 2 * DEGREE * U)
GELU_EDGES = [0, 0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 14, 18, 22]
ERF_EDGES = [0, 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 4]
ERF_SERIES = 2  # intervals below z = 1/2
LEAN_DEGREE, LEAN_LIMIT = 10, 14.5  # GELU's lean block
LEAN_STEPS16, LEAN_STEPS64 = 32768, 8192
# exp_lean64 to an argument of -105.125 (gen_exp_lean_poly.py's bound to |x| <= 106)
EXP_LEAN16, EXP_LEAN64 = mp.mpf(2) ** mp.mpf("-38.48"), mp.mpf(2) ** mp.mpf("-44.4")


def check(cond, what):
    if not cond:
        raise SystemExit("gen_erf_lanes_tables.py: " + what)


def G(a):
    a = mp.mpf(a)
    return mp.exp(a * a / 2) * mp.erfc(a / mp.sqrt(2))


def G_derivative_bound(m, a):
    """|G^(m)(a)| = sqrt(2/pi) integral t^m e^(-a t - t^2/2), t >= 0; with 1% to spare
    for the quadrature."""
    a = mp.mpf(a)
    v = mp.quad(lambda t: t ** m * mp.exp(-a * t - t * t / 2), [0, 1, 4, 16, mp.inf])
    return 1.01 * mp.sqrt(2 / mp.pi) * v


def chebyshev_fit(f, lo, hi, centre):
    """The power-basis coefficients in s = x - centre of the polynomial of degree DEGREE
    that interpolates f at the Chebyshev points of [lo, hi]."""
    lo, hi = mp.mpf(lo), mp.mpf(hi)
    xs = [(lo + hi) / 2 + (hi - lo) / 2 * mp.cos(mp.pi * (k + mp.mpf(1) / 2) / TERMS)
          for k in range(TERMS)]
    A = mp.matrix([[(x - centre) ** i for i in range(TERMS)] for x in xs])
    b = mp.matrix([f(x) for x in xs])
    return list(mp.lu_solve(A, b))


def rounded(cs):
    return [float(c) for c in cs]


def horner_bound(exact, doubles, smax):
    """Coefficient rounding plus Horner's rounding errors, absolute, at |s| <= smax."""
    coef = sum(abs(mp.mpf(d) - c) * smax ** i for i, (c, d) in enumerate(zip(exact, doubles)))
    horner = GAMMA * sum(abs(mp.mpf(d)) * smax ** i for i, d in enumerate(doubles))
    return coef + horner


def fitted_interval(f, derivative_bound, lo, hi, centre):
    """(coefficients, relative bound) of f on [lo, hi] around centre."""
    exact = chebyshev_fit(f, lo, hi, centre)
    doubles = rounded(exact)
    smax = max(abs(mp.mpf(lo) - centre), abs(mp.mpf(hi) - centre))
    approx = derivative_bound(TERMS, lo) / mp.factorial(TERMS) * 2 * ((mp.mpf(hi) - lo) / 4) ** TERMS
    bound = (approx + horner_bound(exact, doubles, smax)) / f(hi)
    # a sampled check that the fit is what it claims (never the bound itself)
    for k in range(41):
        x = mp.mpf(lo) + (mp.mpf(hi) - lo) * k / 40
        p = sum(mp.mpf(d) * (x - centre) ** i for i, d in enumerate(doubles))
        check(abs(p / f(x) - 1) <= bound, "sampled error above the bound on [%s, %s]" % (lo, hi))
    return doubles, bound


def gelu_table():
    centres, rows, worst = [], [], 0
    for lo, hi in zip(GELU_EDGES, GELU_EDGES[1:]):
        centre = mp.mpf(0) if lo == 0 else (mp.mpf(lo) + hi) / 2
        doubles, bound = fitted_interval(G, G_derivative_bound, lo, hi, centre)
        centres.append(float(centre))
        rows.append(doubles)
        worst = max(worst, bound)
    return centres, rows, worst


def g(z):
    return G(mp.sqrt(2) * z)


def g_derivative_bound(m, z):
    return mp.sqrt(2) ** m * G_derivative_bound(m, mp.sqrt(2) * z)


def erf_series():
    """erf(z)/z = 2/sqrt(pi) sum (-1)^n w^n / (n! (2n + 1)), w = z^2 <= 1/4."""
    exact = [2 / mp.sqrt(mp.pi) * (-1) ** n / (mp.factorial(n) * (2 * n + 1)) for n in range(TERMS)]
    doubles = rounded(exact)
    w = mp.mpf(1) / 4
    tail = 2 / mp.sqrt(mp.pi) * w ** TERMS / (mp.factorial(TERMS) * (2 * TERMS + 1))
    smallest = mp.erf(mp.mpf(1) / 2) * 2  # P(1/4), P decreasing
    return doubles, (tail + horner_bound(exact, doubles, w)) / smallest


def erf_table():
    series, series_bound = erf_series()
    centres, rows = [0.0] * ERF_SERIES, [series] * ERF_SERIES
    worst = 0
    for lo, hi in list(zip(ERF_EDGES, ERF_EDGES[1:]))[ERF_SERIES:]:
        centre = (mp.mpf(lo) + hi) / 2
        doubles, bound = fitted_interval(g, g_derivative_bound, lo, hi, centre)
        centres.append(float(centre))
        rows.append(doubles)
        worst = max(worst, bound)
    return centres, rows, series_bound, worst


def steps_for(bound):
    """Binary64 steps (ulps of the result) covering a relative bound, doubled and
    rounded up to a power of two."""
    need = bound * 2 ** 53
    steps = 1
    while steps < 2 * need:
        steps *= 2
    return steps


def gelu_lean_table():
    """GELU's lean block (gelu_lean_block in src/ops/gelu.c): G by the interpolants of
    degree LEAN_DEGREE on the same intervals, for |x| <= LEAN_LIMIT only (the bound is
    taken over the intervals that reach there)."""
    global DEGREE, TERMS, GAMMA
    saved = DEGREE, TERMS, GAMMA
    DEGREE, TERMS = LEAN_DEGREE, LEAN_DEGREE + 1
    GAMMA = 2 * DEGREE * U / (1 - 2 * DEGREE * U)
    rows, worst = [], 0
    for lo, hi in zip(GELU_EDGES, GELU_EDGES[1:]):
        centre = mp.mpf(0) if lo == 0 else (mp.mpf(lo) + hi) / 2
        if lo < LEAN_LIMIT:
            doubles, bound = fitted_interval(G, G_derivative_bound, lo, hi, centre)
            worst = max(worst, bound)
        else:  # never read: the block declines |x| > LEAN_LIMIT
            doubles = [0.0] * TERMS
        rows.append(doubles)
    DEGREE, TERMS, GAMMA = saved
    return rows, worst


def erf_lean_table():
    """Erf's lean block (erf_lean_block in src/ops/erf.c): erf's series and g by the
    interpolants of degree LEAN_DEGREE on Erf's intervals: (rows, series bound, g
    bound)."""
    global DEGREE, TERMS, GAMMA
    saved = DEGREE, TERMS, GAMMA
    DEGREE, TERMS = LEAN_DEGREE, LEAN_DEGREE + 1
    GAMMA = 2 * DEGREE * U / (1 - 2 * DEGREE * U)
    centres, rows, series_bound, g_bound = erf_table()
    DEGREE, TERMS, GAMMA = saved
    return rows, series_bound, g_bound


def emit_rows(p, name, rows, terms):
    pad = WIDTH - len(rows)
    check(pad >= 0, "too many intervals for %s" % name)
    p("static const double dmlp__%s[%d][%d] = {" % (name, terms, WIDTH))
    for i in range(terms):
        p("    {" + ", ".join(float(r[i]).hex() for r in rows) + ", 0.0" * pad + "},")
    p("};")


def emit(p, name, what, centres, rows):
    pad = WIDTH - len(centres)
    check(pad >= 0, "too many intervals for %s" % name)
    p("/* %s */" % what)
    p("static const double dmlp__%s_lanes_centre[%d] = {" % (name, WIDTH))
    p("    " + ", ".join(float(c).hex() for c in centres + [0.0] * pad) + ",")
    p("};")
    emit_rows(p, name + "_lanes_coeff", rows, TERMS)


def main():
    gelu_centres, gelu_rows, gelu_bound = gelu_table()
    erf_centres, erf_rows, series_bound, g_bound = erf_table()
    gelu_total = gelu_bound + mp.mpf(4.1) * U
    erf_total = max(series_bound + U, mp.mpf(0.921) * (g_bound + mp.mpf(2.1) * U) + U)
    lean_rows, lean_bound = gelu_lean_table()
    # e^-w from exp_lean64 (relative eps: 2^-38.49 with 16 pieces, 2^-44.4 with 64,
    # tools/gen_exp_lean_poly.py), then GELU's two products and the subtraction (3u)
    lean16 = (lean_bound + EXP_LEAN16) * (1 + EXP_LEAN16) + 3 * U
    lean64 = (lean_bound + EXP_LEAN64) * (1 + EXP_LEAN64) + 3 * U
    erf_lean_rows, erf_lean_series, erf_lean_g = erf_lean_table()
    erf_lean16 = max(erf_lean_series + U,
                     mp.mpf(0.921) * ((erf_lean_g + EXP_LEAN16) * (1 + EXP_LEAN16)) + U)
    erf_lean64 = max(erf_lean_series + U,
                     mp.mpf(0.921) * ((erf_lean_g + EXP_LEAN64) * (1 + EXP_LEAN64)) + U)
    out = []
    p = out.append
    p("/* Generated by tools/gen_erf_lanes_tables.py (mpmath, 400 bits): do not edit. The")
    p("   polynomials of the Erf and GELU binary32 kernels and the bounds they are tested")
    p("   with; the 2^32 sweeps of test_cr_erf and test_cr_gelu check every input. */")
    p("#ifndef DMLP_NUMERIC_CR_ERF_LANES_TABLES_H")
    p("#define DMLP_NUMERIC_CR_ERF_LANES_TABLES_H")
    p("")
    p("#define DMLP__ERF_LANES_TERMS %d" % TERMS)
    p("#define DMLP__ERF_LANES_SERIES %d /* intervals of erf's series, below z = 1/2 */" % ERF_SERIES)
    p("/* relative bounds: GELU 2^%.2f, Erf 2^%.2f (erf's series 2^%.2f, g 2^%.2f alone) */"
      % (float(mp.log(gelu_total, 2)), float(mp.log(erf_total, 2)),
         float(mp.log(series_bound, 2)), float(mp.log(g_bound, 2))))
    p("#define DMLP__GELU_LANES_STEPS %d" % steps_for(gelu_total))
    p("#define DMLP__ERF_LANES_STEPS %d" % steps_for(erf_total))
    p("/* GELU's lean block, |x| <= %s: G within 2^%.2f; with exp_lean64's 16 pieces 2^%.2f,"
      % (LEAN_LIMIT, float(mp.log(lean_bound, 2)), float(mp.log(lean16, 2))))
    p("   with its 64 2^%.2f (the steps cover each, not doubled) */" % float(mp.log(lean64, 2)))
    p("#define DMLP__GELU_LEAN_TERMS %d" % (LEAN_DEGREE + 1))
    check(lean16 * 2 ** 53 <= LEAN_STEPS16 and lean64 * 2 ** 53 <= LEAN_STEPS64,
          "GELU's lean bound needs more steps")
    p("#define DMLP__GELU_LEAN_STEPS16 %d" % LEAN_STEPS16)
    p("#define DMLP__GELU_LEAN_STEPS64 %d" % LEAN_STEPS64)
    p("/* Erf's lean block: the series within 2^%.2f, g 2^%.2f; with exp_lean64's 16 pieces"
      % (float(mp.log(erf_lean_series, 2)), float(mp.log(erf_lean_g, 2))))
    p("   2^%.2f, with its 64 2^%.2f (the steps cover each, not doubled) */"
      % (float(mp.log(erf_lean16, 2)), float(mp.log(erf_lean64, 2))))
    p("#define DMLP__ERF_LEAN_TERMS %d" % (LEAN_DEGREE + 1))
    check(erf_lean16 * 2 ** 53 <= LEAN_STEPS16 and erf_lean64 * 2 ** 53 <= LEAN_STEPS64,
          "Erf's lean bound needs more steps")
    p("#define DMLP__ERF_LEAN_STEPS16 %d" % LEAN_STEPS16)
    p("#define DMLP__ERF_LEAN_STEPS64 %d" % LEAN_STEPS64)
    p("")
    emit(p, "gelu", "G(a) = e^(a^2/2) erfc(a/sqrt2) on [%s): centres, coefficients of s^i"
         % ", ".join(str(e) for e in GELU_EDGES), gelu_centres, gelu_rows)
    p("/* the lean block's G: the same intervals and centres, degree %d */" % LEAN_DEGREE)
    emit_rows(p, "gelu_lean_coeff", lean_rows, LEAN_DEGREE + 1)
    p("")
    emit(p, "erf", "erf(z)/z in z^2 below 1/2, then g(z) = e^(z^2) erfc(z) on [%s)"
         % ", ".join(str(e) for e in ERF_EDGES), erf_centres, erf_rows)
    p("/* the lean block's series and g: the same intervals and centres, degree %d */"
      % LEAN_DEGREE)
    emit_rows(p, "erf_lean_coeff", erf_lean_rows, LEAN_DEGREE + 1)
    p("")
    p("#endif")
    print("\n".join(out))


if __name__ == "__main__":
    main()
