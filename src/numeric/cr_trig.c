/* Sine, cosine and tangent (cr_trig.h). u = 2^-53 below.

   Reduction, x = k pi/2 + r. |x| < pi/4: r = x, k = 0. Otherwise Payne-Hanek, in
   integers: |x| = m 2^q (m < 2^53). Of 2/pi's bits (cr_trig_tables.h) the words before
   j0 = max(0, floor((q - 2) / 32)) only add multiples of 4 to x 2/pi and are skipped;
   the next nine (288 bits) times m give x 2/pi mod 4 as a fixed-point number with at
   least 255 bits after the point; the bits of 2/pi past the window add less than
   2^(53 + q - 32 (j0 + 9)) <= 2^-202. The two bits above the point and the first one
   below give k (rounded to nearest); 192 bits of the fraction f (|f| <= 1/2) are kept,
   so f is known within 2^-191 absolute. For any binary64 x, |x - k pi/2| >= 2^-60.9 (the
   closest approach, at x = 6381956970095103 2^797: Muller, "Elementary Functions",
   ch. 11, after Ng), so |f| > 2^-61.6 and its leading bit is among the first 62: at
   least 130 significant bits remain, relative error below 2^-129. f goes to a
   double-double through three 53-bit pieces (the sum of the low two rounded once:
   2^-105), and r = f pi/2 by dd_mul (2^-102) with pi/2 as a double-double (2^-107):
   below 2^-101.4 in all.

   Fast path, binary64, on rh + rl = r (|rl| <= u |rh|, |rh| <= 0.786, z = rh^2):
   - sin r = rh + (rl + rh z S(z)), S Taylor's to the r^17 term (the next below 2^-63
     relative); the dropped rl (cos rh - 1) is below 0.31 u |rh|; z S(z) (|.| <= 0.103)
     within 3 u of itself (z u, the product u, S's Horner sum led by -1/6 about u), so
     0.31 u |rh|; the two adds 0.11 u |rh| and u |y|: below 2.6 u relative, as
     sin r >= 0.9 r on |r| <= pi/4.
   - cos r = 1 + (z C(z) - rh rl), C Taylor's to the r^18 term (the next below 2^-68);
     z C(z) (|.| <= 0.293, C >= 0.474 in magnitude led by the exact -1/2) within 3.3 u
     of itself, 0.97 u absolute; the dropped rl^2 terms below 2^-106; the two adds 0.3 u
     and u: 2.3 u absolute, below 3.3 u relative, as cos r >= 0.707.
   - k odd swaps them (sin: +-cos r; cos: -+sin r); tan = sin / cos, or -cos / sin for
     odd k: 2.6 u + 3.3 u + u.
   DMLP__TRIG_FAST_STEPS allows 8 u for sin and cos, 20 u for tan.

   Accurate path, double-double: sin r = r S(r^2) and cos r = C(r^2) by Horner with the
   Taylor coefficients 1/k! as double-doubles (2^-106 each) to the r^29 and r^30 terms
   (the next below 2^-113 relative). Each step is dd_mul then dd_add (2^-102 each); each
   step's product is at most 0.45 of its sum (cos's first, z/2 against 1 - z/2; sin's
   0.11), so errors carried in shrink: below 2.4 * 2^-102 for C and 2.3 * 2^-102 for r S,
   with r's 2^-101.4 (whose effect on sin and cos is at most 1 times itself, r cot r <= 1
   and r tan r <= 0.79): below 2^-99.6. tan: the quotient of the two (dd_div, 2^-100):
   below 2^-97.9. */
#include "numeric/cr_trig.h"

#include <math.h>

#include "numeric/cr_round.h"
#include "numeric/cr_trig_tables.h"

#define QUARTER_PI 0x1.921fb54442d18p-1 /* below pi/4 */

static double pow2(int e) /* 2^e for a normal result */
{
    return dmlp__f64_from_bits((uint64_t)(e + 1023) << 52);
}

/* Bits [pos, pos + 64) (pos >= 0) of the little-endian 32-bit limbs p[0..n), zero past
   the end. */
static uint64_t bits64(const uint32_t *p, int n, int pos)
{
    uint64_t v = 0;
    for (int i = 0; i < 64; i += 32) {
        int b = pos + i, limb = b >> 5, sh = b & 31;
        uint64_t lo = limb < n ? p[limb] : 0, hi = limb + 1 < n ? p[limb + 1] : 0;
        v |= (sh ? ((lo >> sh) | (hi << (32 - sh))) & 0xffffffffu : lo) << i;
    }
    return v;
}

int dmlp__trig_reduce(double x, dmlp__dd *r)
{
    double a = fabs(x);
    if (a < QUARTER_PI) {
        *r = (dmlp__dd){x, 0};
        return 0;
    }
    uint64_t bits = dmlp__f64_bits(a);
    uint64_t m = (bits & 0x000fffffffffffffu) | 0x0010000000000000u;
    int q = (int)(bits >> 52) - 1075;
    int j0 = q < 2 ? 0 : (q - 2) / 32;
    /* m times the nine words: 11 limbs, little-endian; bit b weighs 2^(b - frac_bits) */
    uint32_t p[11] = {0};
    uint32_t m0 = (uint32_t)m, m1 = (uint32_t)(m >> 32);
    uint64_t carry = 0;
    for (int t = 0; t < 9; t++) {
        uint64_t v = (uint64_t)m0 * dmlp__trig_two_over_pi[j0 + 8 - t] + carry;
        p[t] = (uint32_t)v;
        carry = v >> 32;
    }
    p[9] = (uint32_t)carry;
    carry = 0;
    for (int t = 0; t < 9; t++) {
        uint64_t v = (uint64_t)m1 * dmlp__trig_two_over_pi[j0 + 8 - t] + p[t + 1] + carry;
        p[t + 1] = (uint32_t)v;
        carry = v >> 32;
    }
    p[10] = (uint32_t)carry;
    int fb = 32 * (j0 + 9) - q; /* bits after the point: 255 ... 341 */
    int k = (int)(bits64(p, 11, fb) & 3);
    uint64_t f1 = bits64(p, 11, fb - 64), f2 = bits64(p, 11, fb - 128),
             f3 = bits64(p, 11, fb - 192);
    double sign = x < 0 ? -1.0 : 1.0;
    if (f1 >> 63) { /* f >= 1/2: k + 1 and f - 1, its magnitude in two's complement */
        k++;
        sign = -sign;
        f3 = ~f3 + 1;
        f2 = ~f2 + (f3 == 0);
        f1 = ~f1 + (f3 == 0 && f2 == 0);
    }
    int lz = 0;
    while (f1 == 0 && lz < 128) { /* not reached for binary64 x (|f| > 2^-62) */
        f1 = f2;
        f2 = f3;
        f3 = 0;
        lz += 64;
    }
    if (f1 == 0) {
        *r = (dmlp__dd){0, 0};
        return (x < 0 ? -k : k) & 3;
    }
    int s = 0;
    while (!(f1 >> 63)) {
        f1 = (f1 << 1) | (f2 >> 63);
        f2 = (f2 << 1) | (f3 >> 63);
        f3 <<= 1;
        s++;
    }
    lz += s;
    /* three 53-bit pieces of the normalised 192 bits: [0,53), [53,106), [106,159) */
    uint64_t h = f1 >> 11;
    uint64_t mid = ((f1 & 0x7ffu) << 42) | (f2 >> 22);
    uint64_t low = ((f2 & 0x3fffffu) << 31) | (f3 >> 33);
    double dh = (double)h * pow2(-53 - lz), dm = (double)mid * pow2(-106 - lz),
           dl = (double)low * pow2(-159 - lz);
    dmlp__dd f = dmlp__fast_two_sum(dh, dm + dl);
    dmlp__dd rr = dmlp__dd_mul(f, (dmlp__dd){DMLP__TRIG_HALF_PI_HI, DMLP__TRIG_HALF_PI_MID});
    *r = (dmlp__dd){rr.hi * sign, rr.lo * sign};
    return (x < 0 ? -k : k) & 3;
}

static double sin_fast(dmlp__dd r, double z)
{
    const double (*c)[2] = dmlp__trig_inv_fact;
    double s = -c[3][0] +
               z * (c[5][0] +
                    z * (-c[7][0] +
                         z * (c[9][0] +
                              z * (-c[11][0] + z * (c[13][0] + z * (-c[15][0] + z * c[17][0]))))));
    return r.hi + (r.lo + r.hi * (z * s));
}

static double cos_fast(dmlp__dd r, double z)
{
    const double (*c)[2] = dmlp__trig_inv_fact;
    double p = -0.5 +
               z * (c[4][0] +
                    z * (-c[6][0] +
                         z * (c[8][0] +
                              z * (-c[10][0] +
                                   z * (c[12][0] + z * (-c[14][0] + z * (c[16][0] - z * c[18][0])))))));
    return 1.0 + (z * p - r.hi * r.lo);
}

double dmlp__trig_fast(dmlp__trig_fn fn, int k, dmlp__dd r)
{
    double z = r.hi * r.hi;
    double s = sin_fast(r, z), c = cos_fast(r, z);
    double sk[4] = {s, c, -s, -c};
    switch (fn) {
    case DMLP__TRIG_SIN:
        return sk[k];
    case DMLP__TRIG_COS:
        return sk[(k + 1) & 3];
    default:
        return k & 1 ? -c / s : s / c;
    }
}

/* sum over i <= n of (-1)^i z^i / (2i + odd)! by Horner in double-double */
static dmlp__dd taylor_dd(dmlp__dd z, int odd, int n)
{
    const double (*c)[2] = dmlp__trig_inv_fact;
    double sg = n & 1 ? -1.0 : 1.0;
    dmlp__dd p = {sg * c[2 * n + odd][0], sg * c[2 * n + odd][1]};
    for (int i = n - 1; i >= 0; i--) {
        sg = i & 1 ? -1.0 : 1.0;
        p = dmlp__dd_add(dmlp__dd_mul(p, z), (dmlp__dd){sg * c[2 * i + odd][0], sg * c[2 * i + odd][1]});
    }
    return p;
}

static dmlp__dd neg(dmlp__dd a)
{
    return (dmlp__dd){-a.hi, -a.lo};
}

dmlp__dd dmlp__trig_dd(dmlp__trig_fn fn, int k, dmlp__dd r)
{
    dmlp__dd z = dmlp__dd_mul(r, r);
    dmlp__dd s = dmlp__dd_mul(r, taylor_dd(z, 1, 14)), c = taylor_dd(z, 0, 15);
    switch (fn) {
    case DMLP__TRIG_SIN:
        return k == 0 ? s : k == 1 ? c : k == 2 ? neg(s) : neg(c);
    case DMLP__TRIG_COS:
        return k == 0 ? c : k == 1 ? neg(s) : k == 2 ? neg(c) : s;
    default:
        return k & 1 ? neg(dmlp__dd_div(c, s)) : dmlp__dd_div(s, c);
    }
}

static uint32_t default_nan(int frac, int exp) /* the format's positive quiet NaN */
{
    return (((1u << exp) - 1u) << frac) | (1u << (frac - 1));
}

uint32_t dmlp__cr_trig_narrow(dmlp__trig_fn fn, double x, int frac, int exp)
{
    if (isnan(x))
        return dmlp__round_f64_to_format(x, frac, exp);
    if (isinf(x))
        return default_nan(frac, exp);
    if (x == 0)
        return dmlp__round_f64_to_format(fn == DMLP__TRIG_COS ? 1.0 : x, frac, exp);
    dmlp__dd r;
    int k = dmlp__trig_reduce(x, &r);
    uint32_t out;
    if (dmlp__round_decided(dmlp__trig_fast(fn, k, r), DMLP__TRIG_FAST_STEPS(fn), frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__trig_dd(fn, k, r), frac, exp);
}

double dmlp__cr_trig_f64(dmlp__trig_fn fn, double x)
{
    if (isnan(x))
        return x + x; /* quiet, payload kept */
    if (isinf(x))
        return dmlp__f64_from_bits(0x7ff8000000000000u);
    /* sin x = x (1 - x^2/6 ...), tan x = x (1 + x^2/3 ...), cos x = 1 - x^2/2 ...: below
       2^-27 the correction is under a quarter ulp (under 2^-55 relative), the rounding
       is x or 1 (x itself for +-0) */
    if (fabs(x) < 0x1p-27)
        return fn == DMLP__TRIG_COS ? 1.0 : x;
    dmlp__dd r;
    int k = dmlp__trig_reduce(x, &r);
    dmlp__dd y = dmlp__trig_dd(fn, k, r);
    return y.hi + y.lo;
}
