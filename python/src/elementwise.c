/* The operator functions dmlp.<name>: one per row of the registry, made when the module
   is imported by walking the rows (core/catalogue.h), none written per operator. A row
   gives the function its name (python_name), its positional inputs (x; or a, b with
   numpy broadcasting), its keyword arguments (from the kinds of its descriptor's fields
   and the execution flags that change its results: the table `keywords` below), its
   input dtypes (the support table at the highest level with the extensions) and its
   result dtype (the row's output rule). Each call turns its arguments into views
   (numpy arrays, DLPack tensors, anything numpy can make an array of) and runs one
   operator (layout.c). Results are new arrays of the input's kind, or out= itself. */
#include "numpy_api.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>


/* The most functions the module can hold: each needs an entry point of its own (below),
   since a builtin function whose self is the module (so that it pickles by reference,
   as dmlp._dmlp.sign) cannot tell which one was called otherwise. */
#define MAX_FUNCTIONS 256
#define MAX_KEYWORDS 8
#define MAX_FUSED 16

typedef struct function function;
typedef struct call_state call_state;

/* ------------------------------------------------------------------------------------
   Keyword arguments, by what they set: a field kind of the descriptor, an execution
   flag that changes the operator's results, or the output type a row lets the output
   tensor choose. A new operator whose fields are of these kinds needs nothing here. */

typedef struct keyword {
    const char *name;
    const char *default_text; /* as the signature shows it */
    int field_kind;           /* a dmlp__field_kind the row has, or -1 */
    uint32_t flag;            /* an execution flag of dmlp__catalogue_result_flags, or 0 */
    int listed_output;        /* the row's output type is DMLP__OUTPUT_LISTED */
    const char *cli_option;   /* the `dmlp run` option the row's help text names, or NULL */
    const char *doc;          /* its line in the docstring ("%s": the fused activations) */
    int (*parse)(const function *f, PyObject *value, call_state *state);
    uint32_t float_member;    /* a FLOAT member's keyword: its index + 1 (0: none); a
                                 scalar member's: SCALAR_MEMBER | its index + 1 */
    int positional;           /* may also be given positionally, after the inputs (axis) */
} keyword;

struct function {
    const dmlp__op_def *def;
    uint32_t inputs;                  /* 1 (x), 2 (a, b) or more (condition, a, b ...) */
    uint32_t required;                /* inputs before the trailing optional ones */
    uint32_t optional_mask;           /* bit k: input k may be None (DMLP_FIELD_OPTIONAL) */
    const char *names[DMLP__MAX_INPUTS];     /* the inputs' argument names */
    char name_text[DMLP__MAX_INPUTS][24];    /* ... from the members of 3 or more */
    uint32_t main_input;              /* its dtype is the result's (registry's main input) */
    uint32_t own_mask;                /* bit k: input k has types of its own (Condition) */
    char shared_text[96];             /* "the dtype of a and b": the inputs that share it */
    uint32_t own_count[DMLP__MAX_INPUTS];
    uint32_t own_types[DMLP__MAX_INPUTS][DMLP__SUPPORT_MAX_OUTPUT_TYPES];
    uint32_t type_count;              /* the input types Python can hold */
    uint32_t types[DMLP__SUPPORT_MAX_TYPES];
    int takes_bool;                   /* bool inputs as UINT8 (dmlp__catalogue_takes_bool) */
    int bool_result;                  /* a UINT8 output is bool (dmlp__catalogue_bool_result) */
    uint32_t output_type_count;       /* a fixed output type's alternatives (UINT32 for */
    uint32_t output_types[DMLP__SUPPORT_MAX_OUTPUT_TYPES]; /* LogicalGreaterThan): out= */
    uint32_t keyword_count;
    const keyword *keywords[MAX_KEYWORDS];
    PyObject *keyword_names[MAX_KEYWORDS];
    uint32_t positional_count;        /* keywords also taken positionally after the inputs */
    const keyword *positional[MAX_KEYWORDS];
    int rows;                         /* an operator along axes (dmlp__op_rows) */
    bool last_axis;                   /* ... along the last axis, effective rank <= 2 */
    /* one per FLOAT member, then one per scalar member: its name in lower case
       ("alpha"), default ONNX's or none */
    keyword float_keywords[DMLP__MAX_FLOATS + DMLP__MAX_SCALARS];
    char float_names[DMLP__MAX_FLOATS + DMLP__MAX_SCALARS][32];
    char float_defaults[DMLP__MAX_FLOATS + DMLP__MAX_SCALARS][32];
    uint32_t fused_count;             /* the activations FusedActivation accepts */
    const dmlp__op_def *fused[MAX_FUSED];
    char types_text[320];             /* "int8, int16, ..., bfloat16 (DLPack)" */
    char *doc;
    PyMethodDef method;
};

struct call_state {
    dmlp_py_options options;
    PyObject *out;
    int scale_given;
    uint32_t floats_given; /* bit i: FLOAT member i given */
    PyObject *scalars[DMLP__MAX_SCALARS]; /* scalar members given (borrowed), or NULL */
    uint32_t dtype; /* dtype=: UNKNOWN when not given */
    int axis_given;  /* axis= (or positionally): */
    int axis_all;    /* None: every axis */
    uint32_t axis_count;
    long long axes[DMLP_PY_MAX_RANK]; /* as given: negative counts from the end */
    PyObject *axis;  /* the argument as given (borrowed), for messages */
};

static function functions[MAX_FUNCTIONS];
static uint32_t function_count;
static PyObject *str_out, *str_feature_level, *str_threads;


static const char *repr_text(PyObject *value, PyObject **repr)
{
    *repr = PyObject_Repr(value);
    const char *text = *repr ? PyUnicode_AsUTF8(*repr) : NULL;
    if (!text)
        PyErr_Clear();
    return text ? text : "?";
}

/* One of names (NULL-terminated) -> its index; dmlp.Error listing them otherwise. */
static int parse_choice(PyObject *value, const char *arg, const char *const *names,
                        uint32_t *choice)
{
    const char *text = PyUnicode_Check(value) ? PyUnicode_AsUTF8(value) : NULL;
    for (uint32_t i = 0; text && names[i]; i++)
        if (strcmp(text, names[i]) == 0) {
            *choice = i;
            return 0;
        }
    PyErr_Clear();
    char list[256];
    size_t n = 0;
    list[0] = '\0';
    for (uint32_t i = 0; names[i] && n < sizeof list; i++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s'%s'", i ? ", " : "", names[i]);
    PyObject *repr;
    PyErr_Format(dmlp_py_error, "%s=%s: must be one of %s", arg, repr_text(value, &repr), list);
    Py_XDECREF(repr);
    return -1;
}

static int parse_nan(const function *f, PyObject *value, call_state *state)
{
    (void)f;
    static const char *const names[] = {"zero", "propagate", NULL};
    uint32_t choice = 0;
    if (parse_choice(value, "nan", names, &choice) < 0)
        return -1;
    if (choice)
        state->options.flags |= DMLP_EXECUTION_FLAG_NAN_PROPAGATE;
    return 0;
}

static int parse_mode(const function *f, PyObject *value, call_state *state)
{
    (void)f;
    /* In DML_IS_INFINITY_MODE's order. */
    static const char *const names[] = {"either", "positive", "negative", NULL};
    return parse_choice(value, "mode", names, &state->options.mode);
}

static int parse_rounding(const function *f, PyObject *value, call_state *state)
{
    (void)f;
    /* In DML_ROUNDING_MODE's order. */
    static const char *const names[] = {"halves_to_nearest_even", "toward_zero",
                                        "toward_infinity", NULL};
    return parse_choice(value, "rounding", names, &state->options.rounding);
}

static int parse_float(PyObject *value, const char *arg, float *result, call_state *state)
{
    if (value == Py_None)
        return 0;
    if (!PyFloat_Check(value) && !(PyLong_Check(value) && !PyBool_Check(value)) &&
        !PyArray_IsScalar(value, Floating) && !PyArray_IsScalar(value, Integer)) {
        PyErr_Format(PyExc_TypeError, "%s: must be None or a real number, not %s", arg,
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    double d = PyFloat_AsDouble(value);
    if (d == -1.0 && PyErr_Occurred())
        return -1;
    *result = (float)d; /* DML_SCALE_BIAS holds FLOAT32 */
    state->options.has_scale_bias = 1;
    state->scale_given = 1;
    return 0;
}

#define SCALAR_MEMBER 0x100u

/* A FLOAT member (alpha=, min= ...): a real number, held as FLOAT32; a scalar member
   (clip1's min=): a real number kept as it is, read in the input's dtype later. */
static int parse_member(const function *f, const keyword *k, PyObject *value,
                        call_state *state)
{
    (void)f;
    uint32_t i = (k->float_member & ~SCALAR_MEMBER) - 1;
    if (!PyFloat_Check(value) && !(PyLong_Check(value) && !PyBool_Check(value)) &&
        !PyArray_IsScalar(value, Floating) && !PyArray_IsScalar(value, Integer)) {
        PyErr_Format(PyExc_TypeError, "%s: must be a real number, not %s", k->name,
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    if (k->float_member & SCALAR_MEMBER) {
        state->scalars[i] = value;
        return 0;
    }
    double d = PyFloat_AsDouble(value);
    if (d == -1.0 && PyErr_Occurred())
        return -1;
    state->options.floats[i] = (float)d;
    state->floats_given |= 1u << i;
    return 0;
}

/* The scalar members in the input's type: the numbers given (an int exactly), or the
   row's defaults (-inf, inf: the type's ends). */
static int resolve_scalars(const function *f, uint32_t type, call_state *state)
{
    for (uint32_t i = 0; i < dmlp__op_scalar_count(f->def) && i < DMLP__MAX_SCALARS; i++) {
        const dmlp__field *m = dmlp__op_scalar(f->def, i);
        PyObject *value = state->scalars[i];
        if (!value) {
            state->options.scalars[i] =
                dmlp__scalar_from_float((DML_TENSOR_DATA_TYPE)type, m->default_value);
            continue;
        }
        PyObject *text = PyObject_Str(value);
        const char *chars = text ? PyUnicode_AsUTF8(text) : NULL;
        char why[160];
        if (!chars) {
            Py_XDECREF(text);
            return -1;
        }
        if (!dmlp__scalar_parse((DML_TENSOR_DATA_TYPE)type, chars, &state->options.scalars[i],
                                why, sizeof why)) {
            PyErr_Format(dmlp_py_error, "%s: %s", f->float_names[dmlp__op_float_count(f->def) + i],
                         why);
            Py_DECREF(text);
            return -1;
        }
        Py_DECREF(text);
    }
    return 0;
}

static int parse_scale(const function *f, PyObject *value, call_state *state)
{
    (void)f;
    return parse_float(value, "scale", &state->options.scale, state);
}

static int parse_bias(const function *f, PyObject *value, call_state *state)
{
    (void)f;
    return parse_float(value, "bias", &state->options.bias, state);
}

/* The fused activation's FLOAT members from a dict {"alpha": 0.2} (NULL: none given),
   the row's defaults for the others. */
static int parse_fused_members(const dmlp__op_def *a, PyObject *members, call_state *state)
{
    char lower[32];
    if (members && !PyDict_Check(members)) {
        PyErr_Format(PyExc_TypeError, "fused: its parameters must be a dict such as "
                     "{\"alpha\": 0.2}, not %s", Py_TYPE(members)->tp_name);
        return -1;
    }
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (members && PyDict_Next(members, &pos, &key, &value)) {
        const char *name = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        const dmlp__field *m = name ? dmlp__op_float_named(a, name) : NULL;
        if (!m) {
            PyErr_Clear();
            PyObject *repr;
            PyErr_Format(dmlp_py_error, "fused: %s has no parameter %s", a->python_name,
                         repr_text(key, &repr));
            Py_XDECREF(repr);
            return -1;
        }
        if (!PyFloat_Check(value) && !(PyLong_Check(value) && !PyBool_Check(value)) &&
            !PyArray_IsScalar(value, Floating) && !PyArray_IsScalar(value, Integer)) {
            PyErr_Format(PyExc_TypeError, "fused: %s's %s must be a real number, not %s",
                         a->python_name, name, Py_TYPE(value)->tp_name);
            return -1;
        }
        double d = PyFloat_AsDouble(value);
        if (d == -1.0 && PyErr_Occurred())
            return -1;
        state->options.fused_floats[dmlp__op_float_index(a, m)] = (float)d;
    }
    for (uint32_t i = 0; i < dmlp__op_float_count(a) && i < DMLP__MAX_FLOATS; i++) {
        const dmlp__field *m = dmlp__op_float(a, i);
        dmlp__field_lower_name(m, lower, sizeof lower);
        PyObject *given = members ? PyDict_GetItemString(members, lower) : NULL;
        if (given)
            continue;
        if (!m->has_default) {
            PyErr_Format(dmlp_py_error, "fused: %s needs its parameter '%s' (fused=(\"%s\", "
                         "{\"%s\": ...}))", a->python_name, lower, a->python_name, lower);
            return -1;
        }
        state->options.fused_floats[i] = m->default_value;
    }
    return 0;
}

/* fused=None, an activation's name, or (name, {parameter: value}) for its FLOAT
   members (the activation's defaults where not given). */
static int parse_fused(const function *f, PyObject *value, call_state *state)
{
    if (value == Py_None) {
        state->options.fused = DML_OPERATOR_INVALID;
        return 0;
    }
    PyObject *members = NULL;
    if (PyTuple_Check(value) && PyTuple_GET_SIZE(value) == 2) {
        members = PyTuple_GET_ITEM(value, 1);
        value = PyTuple_GET_ITEM(value, 0);
    }
    const char *names[MAX_FUSED + 1];
    for (uint32_t i = 0; i < f->fused_count; i++)
        names[i] = f->fused[i]->python_name;
    names[f->fused_count] = NULL;
    uint32_t choice = 0;
    if (f->fused_count == 0 || parse_choice(value, "fused", names, &choice) < 0) {
        if (f->fused_count == 0)
            PyErr_SetString(dmlp_py_error, "fused: no activation can be fused here");
        return -1;
    }
    state->options.fused = (uint32_t)f->fused[choice]->type;
    return parse_fused_members(f->fused[choice], members, state);
}

static int parse_dtype(const function *f, PyObject *value, call_state *state)
{
    if (value == Py_None)
        return 0;
    PyArray_Descr *descr = NULL;
    if (!PyArray_DescrConverter2(value, &descr) || !descr) {
        PyErr_Clear();
        PyObject *repr;
        PyErr_Format(PyExc_TypeError, "dtype=%s: not a numpy dtype", repr_text(value, &repr));
        Py_XDECREF(repr);
        return -1;
    }
    uint32_t type = dmlp_py_numpy_type(descr, 0);
    int known = 0;
    for (uint32_t i = 0; i < f->type_count; i++)
        known |= f->types[i] == type;
    if (!known) {
        PyErr_Format(PyExc_TypeError, "dtype: %s is not a dtype %s writes (it writes %s)",
                     descr->typeobj->tp_name, f->def->python_name, f->types_text);
        Py_DECREF(descr);
        return -1;
    }
    Py_DECREF(descr);
    state->dtype = type;
    return 0;
}

/* axis=: an int, a tuple or list of ints, or None (every axis); checked against x's
   dimensions once x is loaded (resolve_rows). */
static int axis_entry(PyObject *item, call_state *state)
{
    if (PyBool_Check(item) || !PyIndex_Check(item)) {
        PyErr_Format(PyExc_TypeError,
                     "axis: must be an int, a tuple or list of ints, or None, not %s",
                     PyBool_Check(item) ? "bool" : Py_TYPE(item)->tp_name);
        return -1;
    }
    PyObject *index = PyNumber_Index(item);
    if (!index) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) { /* an array of several ints */
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError,
                         "axis: must be an int, a tuple or list of ints, or None, not %s",
                         Py_TYPE(item)->tp_name);
        }
        return -1;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
    Py_DECREF(index);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow) /* out of any range: resolve_rows says so */
        v = overflow > 0 ? LLONG_MAX : LLONG_MIN;
    state->axes[state->axis_count++] = v;
    return 0;
}

static int parse_axis(const function *f, PyObject *value, call_state *state)
{
    if (state->axis_given) {
        PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument 'axis'",
                     f->def->python_name);
        return -1;
    }
    state->axis_given = 1;
    state->axis = value;
    state->axis_count = 0;
    if (value == Py_None) {
        state->axis_all = 1;
        return 0;
    }
    if (!PyTuple_Check(value) && !PyList_Check(value))
        return axis_entry(value, state);
    Py_ssize_t count = PySequence_Fast_GET_SIZE(value);
    if (count == 0) {
        PyErr_Format(dmlp_py_error, "axis: %s names no axis; %s runs along 1 or more",
                     PyTuple_Check(value) ? "()" : "[]", f->def->python_name);
        return -1;
    }
    if (count > DMLP_PY_MAX_RANK) {
        PyErr_Format(dmlp_py_error, "axis: %zd axes; an array has at most %d", count,
                     DMLP_PY_MAX_RANK);
        return -1;
    }
    /* a list's __index__ calls could change it: each item held, the size read again */
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(value) && i < DMLP_PY_MAX_RANK; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(value, i);
        Py_INCREF(item);
        int rc = axis_entry(item, state);
        Py_DECREF(item);
        if (rc < 0)
            return -1;
    }
    return 0;
}

static const keyword keywords[] = {
    {"dtype", "None", -1, 0, 1, "--to",
     "dtype: the result's dtype (a numpy dtype or its name); None: out's dtype", parse_dtype, 0,
     0},
    {"mode", "\"either\"", DMLP__FIELD_INFINITY_MODE, 0, 0, NULL,
     "mode: which infinities count: \"either\", \"positive\" or \"negative\"", parse_mode, 0,
     0},
    {"rounding", "\"halves_to_nearest_even\"", DMLP__FIELD_ROUNDING_MODE, 0, 0, "--rounding",
     "rounding: \"halves_to_nearest_even\" (ties to even, numpy's round), \"toward_zero\" "
     "(numpy's trunc) or \"toward_infinity\" (ties away from zero)",
     parse_rounding, 0, 0},
    {"scale", "None", DMLP__FIELD_SCALE_BIAS, 0, 0, "--scale",
     "scale, bias: x * scale + bias first (DirectML's ScaleBias: float types only; None "
     "gives 1 and 0)",
     parse_scale, 0, 0},
    {"bias", "None", DMLP__FIELD_SCALE_BIAS, 0, 0, "--bias", NULL, parse_bias, 0, 0},
    {"fused", "None", DMLP__FIELD_FUSED_ACTIVATION, 0, 0, "--fused",
     "fused: an activation applied to the result (FusedActivation): None or %s; with its "
     "parameters as (name, {\"alpha\": 0.2}), its defaults where not given",
     parse_fused, 0, 0},
    {"nan", "\"zero\"", -1, DMLP_EXECUTION_FLAG_NAN_PROPAGATE, 0, "--nan",
     "nan: \"zero\" gives 0 for NaN (DirectML); \"propagate\" gives NaN (numpy, ONNX)",
     parse_nan, 0, 0},
    {"axis", "-1", DMLP__FIELD_AXES, 0, 0, "--axes",
     "axis: the axis each row runs along, or a tuple or list of axes (negative counts "
     "from the end, as numpy's; None: every axis); each result depends on its whole row",
     parse_axis, 0, 1},
};

static int keyword_applies(const keyword *k, const dmlp__op_def *def, uint32_t result_flags)
{
    return (k->field_kind >= 0 && dmlp__op_field(def, (dmlp__field_kind)k->field_kind)) ||
           (k->flag && (result_flags & k->flag)) ||
           (k->listed_output && def->output_type == DMLP__OUTPUT_LISTED);
}

/* ------------------------------------------------------------------------------------
   The options every function takes. */

static int parse_level(PyObject *value, uint32_t *level)
{
    const char *text = PyUnicode_Check(value) ? PyUnicode_AsUTF8(value) : NULL;
    if (value == Py_None || (text && strcmp(text, "ext") == 0)) {
        *level = 0; /* 6_4 with the extensions */
        return 0;
    }
    uint32_t count = dmlp__feature_level_count();
    for (uint32_t i = 0; text && i < count; i++)
        if (strcmp(text, dmlp__feature_level_name(dmlp__feature_level_at(i))) == 0) {
            *level = dmlp__feature_level_at(i);
            return 0;
        }
    PyErr_Clear();
    char list[256];
    size_t n = 0;
    for (uint32_t i = 0; i < count && n < sizeof list; i++)
        n += (size_t)snprintf(list + n, sizeof list - n, "'%s', ",
                              dmlp__feature_level_name(dmlp__feature_level_at(i)));
    PyObject *repr;
    PyErr_Format(dmlp_py_error, "feature_level=%s: must be None or one of %s'ext'",
                 repr_text(value, &repr), list);
    Py_XDECREF(repr);
    return -1;
}

static int parse_threads(PyObject *value, uint32_t *threads)
{
    if (value == Py_None) {
        *threads = 0;
        return 0;
    }
    if (!PyLong_Check(value) || PyBool_Check(value)) {
        PyErr_Format(PyExc_TypeError, "threads: must be None or an int, not %s",
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    long n = PyLong_AsLong(value);
    if (n == -1 && PyErr_Occurred())
        PyErr_Clear();
    if (n < 1 || n > 1024) {
        PyObject *repr;
        PyErr_Format(dmlp_py_error, "threads=%s: must be from 1 to 1024 (None: all cores)",
                     repr_text(value, &repr));
        Py_XDECREF(repr);
        return -1;
    }
    /* The library runs at most DMLP_PY_MAX_THREADS: every count above is one device and
       one cache key. */
    *threads = n > (long)DMLP_PY_MAX_THREADS ? DMLP_PY_MAX_THREADS : (uint32_t)n;
    return 0;
}

/* Every keyword argument of a call; interned names match by pointer, others by value. */
static int parse_keywords(const function *f, PyObject *const *values, PyObject *kwnames,
                          call_state *state)
{
    Py_ssize_t count = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, i), *value = values[i];
        int rc = 1; /* 1: not matched yet */
        for (int pass = 0; pass < 2 && rc == 1; pass++) {
#define MATCHES(name) (pass == 0 ? key == (name) : PyUnicode_Compare(key, (name)) == 0)
            if (MATCHES(str_out)) {
                state->out = value;
                rc = 0;
            } else if (MATCHES(str_feature_level)) {
                rc = parse_level(value, &state->options.feature_level);
            } else if (MATCHES(str_threads)) {
                rc = parse_threads(value, &state->options.threads);
            } else {
                for (uint32_t k = 0; k < f->keyword_count && rc == 1; k++)
                    if (MATCHES(f->keyword_names[k]))
                        rc = f->keywords[k]->float_member
                                 ? parse_member(f, f->keywords[k], value, state)
                                 : f->keywords[k]->parse(f, value, state);
            }
#undef MATCHES
        }
        if (rc == 1) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'",
                         f->def->python_name, key);
            rc = -1;
        }
        if (rc < 0)
            return -1;
    }
    /* FLOAT members not given: the row's default (ONNX's), or required */
    for (uint32_t i = 0; i < dmlp__op_float_count(f->def) && i < DMLP__MAX_FLOATS; i++) {
        const dmlp__field *m = dmlp__op_float(f->def, i);
        if (state->floats_given & (1u << i))
            continue;
        if (!m->has_default) {
            PyErr_Format(PyExc_TypeError, "%s() missing required keyword argument '%s'",
                         f->def->python_name, f->float_names[i]);
            return -1;
        }
        state->options.floats[i] = m->default_value;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------
   Inputs. */

typedef struct operand {
    PyObject *array; /* a numpy array held (owned), or NULL */
    dmlp_py_dlpack *handle;
    PyObject *dlpack; /* the DLPack object as given (borrowed), or NULL */
    dmlp_py_view *view; /* where the view is made (the call's array of input views) */
} operand;

static void operand_release(operand *o)
{
    dmlp_py_dlpack_release(o->handle);
    Py_XDECREF(o->array);
}

static int accepts(const function *f, uint32_t type, int is_bool)
{
    if (is_bool)
        return f->takes_bool;
    for (uint32_t i = 0; i < f->type_count; i++)
        if (f->types[i] == type)
            return 1;
    return 0;
}

static int is_float(uint32_t type)
{
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DML_TENSOR_DATA_TYPE_FLOAT32 ||
           type == DML_TENSOR_DATA_TYPE_FLOAT64 || type == DMLP_TENSOR_DATA_TYPE_BFLOAT16;
}

/* Input k's dtypes: the function's, or its own (ELEMENT_WISE_IF's condition: uint8, and
   numpy's bool as uint8). */
static int accepts_input(const function *f, uint32_t k, uint32_t type, int is_bool)
{
    if (!(f->own_mask >> k & 1u))
        return accepts(f, type, is_bool);
    for (uint32_t i = 0; i < f->own_count[k]; i++)
        if (f->own_types[k][i] == (is_bool ? DML_TENSOR_DATA_TYPE_UINT8 : type))
            return 1;
    return 0;
}

static int refuse_type(const function *f, const char *arg, const char *type)
{
    PyErr_Format(PyExc_TypeError, "%s: dtype %s is not supported by %s (it takes %s)", arg,
                 type, f->def->python_name, f->types_text);
    return -1;
}

static int refuse_input_type(const function *f, uint32_t k, const char *arg, const char *type)
{
    if (!(f->own_mask >> k & 1u))
        return refuse_type(f, arg, type);
    char types[128];
    size_t n = 0;
    types[0] = '\0';
    for (uint32_t i = 0; i < f->own_count[k] && n < sizeof types; i++)
        n += (size_t)snprintf(types + n, sizeof types - n, "%s%s", i ? ", " : "",
                              dmlp_py_type_name(f->own_types[k][i]));
    if (f->own_count[k] == 1 && f->own_types[k][0] == DML_TENSOR_DATA_TYPE_UINT8 &&
        n < sizeof types)
        snprintf(types + n, sizeof types - n, " or bool");
    PyErr_Format(PyExc_TypeError, "%s: dtype %s is not supported by %s (%s takes %s)", arg,
                 type, f->def->python_name, arg, types);
    return -1;
}

/* A Python number (not an array): in a two-input call it takes the other input's dtype,
   as numpy treats Python scalars. */
static int is_python_number(PyObject *obj)
{
    return PyLong_Check(obj) || PyFloat_Check(obj);
}

/* obj as a view; like: a numpy dtype for a Python number (NULL: numpy's choice). */
static int load(const function *f, uint32_t k, PyObject *obj, const char *arg,
                PyArray_Descr *like, operand *o, dmlp_py_view *view)
{
    memset(o, 0, sizeof *o);
    o->view = view;
    if (PyArray_Check(obj)) {
        if (dmlp_py_refuse_masked(obj, arg) < 0)
            return -1;
        o->array = obj;
        Py_INCREF(obj);
    } else if (dmlp_py_has_dlpack(obj)) {
        o->handle = dmlp_py_dlpack_import(obj, arg, 0, o->view);
        if (!o->handle)
            return -1;
        o->dlpack = obj;
        if (!accepts_input(f, k, o->view->type, o->view->is_bool))
            return refuse_input_type(
                f, k, arg, o->view->is_bool ? "bool" : dmlp_py_type_name(o->view->type));
        return 0;
    } else {
        Py_XINCREF(like); /* PyArray_FromAny takes a reference */
        o->array = PyArray_FromAny(obj, like, 0, 0, like ? NPY_ARRAY_FORCECAST : 0, NULL);
        if (!o->array)
            return -1;
    }
    PyArrayObject *a = (PyArrayObject *)o->array;
    if (PyArray_NDIM(a) > DMLP_PY_MAX_RANK) {
        PyErr_Format(PyExc_TypeError, "%s: too many dimensions", arg);
        return -1;
    }
    PyArray_Descr *descr = PyArray_DESCR(a);
    if (!PyArray_ISNBO(descr->byteorder) && descr->elsize > 1 && strchr("fiu", descr->kind)) {
        /* Another byte order: read through a native copy. */
        PyArray_Descr *native = PyArray_DescrNewByteorder(descr, NPY_NATIVE);
        PyObject *copy =
            native ? PyArray_FromAny(o->array, native, 0, 0, NPY_ARRAY_DEFAULT, NULL) : NULL;
        if (!copy)
            return -1;
        Py_DECREF(o->array);
        o->array = copy;
        a = (PyArrayObject *)copy;
    }
    int own = f->own_mask >> k & 1u;
    uint32_t type = dmlp_py_numpy_type(PyArray_DESCR(a), own || f->takes_bool);
    if (!accepts_input(f, k, type, PyArray_ISBOOL(a)))
        return refuse_input_type(f, k, arg, PyArray_DESCR(a)->typeobj->tp_name);
    dmlp_py_numpy_view(a, type, o->view);
    return 0;
}

/* The numpy dtype of a loaded input, for a Python number beside it; NULL when numpy has
   none (bfloat16). New reference. */
static PyArray_Descr *descr_of(const operand *o)
{
    if (o->array) {
        Py_INCREF(PyArray_DESCR((PyArrayObject *)o->array));
        return PyArray_DESCR((PyArrayObject *)o->array);
    }
    if (o->view->type == DMLP_TENSOR_DATA_TYPE_BFLOAT16)
        return NULL;
    return PyArray_DescrFromType(o->view->is_bool ? NPY_BOOL
                                                 : dmlp_py_numpy_typenum(o->view->type));
}

static void shape_text(const dmlp_py_view *v, char *text, size_t size)
{
    size_t n = (size_t)snprintf(text, size, "(");
    for (int i = 0; i < v->ndim && n < size; i++)
        n += (size_t)snprintf(text + n, size - n, v->ndim == 1 ? "%lld," : i ? ", %lld" : "%lld",
                              (long long)v->shape[i]);
    if (n < size)
        snprintf(text + n, size - n, ")");
}

/* An operator along axes: its row axes as bits of x's axes in state->options.row_axes,
   from axis= (the last by default; the 2-D operators: the last, x of effective rank at
   most 2). dmlp.Error naming the argument otherwise. */
static int resolve_rows(const function *f, const dmlp_py_view *x, call_state *state)
{
    const char *name = f->def->python_name;
    char shape[256];
    if (x->ndim == 0) {
        PyErr_Format(dmlp_py_error,
                     "x: a 0-d array has no axis; %s runs along axes of x (give it one, "
                     "e.g. x.reshape(1))",
                     name);
        return -1;
    }
    if (f->last_axis) {
        int leading = 0;
        while (leading < x->ndim && x->shape[leading] == 1)
            leading++;
        if (x->ndim - leading > 2) {
            char other[64]; /* softmax_2d: softmax */
            size_t length = strlen(name);
            if (length > 3 && strcmp(name + length - 3, "_2d") == 0)
                length -= 3;
            snprintf(other, sizeof other, "%.*s", (int)length, name);
            shape_text(x, shape, sizeof shape);
            PyErr_Format(dmlp_py_error,
                         "x: shape %s has effective rank %d (its dimensions without the "
                         "leading ones of size 1); %s (DirectML's %s) takes at most 2, a "
                         "batch axis and the last; dmlp.%s(x, axis=-1) takes any",
                         shape, x->ndim - leading, name, f->def->name, other);
            return -1;
        }
        state->options.row_axes = 1ull << (x->ndim - 1);
        return 0;
    }
    if (!state->axis_given) {
        state->options.row_axes = 1ull << (x->ndim - 1);
        return 0;
    }
    if (state->axis_all) {
        state->options.row_axes = x->ndim == 64 ? ~0ull : (1ull << x->ndim) - 1;
        return 0;
    }
    uint64_t mask = 0;
    for (uint32_t i = 0; i < state->axis_count; i++) {
        long long given = state->axes[i];
        long long axis = given < 0 && given >= -(long long)x->ndim ? given + x->ndim : given;
        if (axis < 0 || axis >= x->ndim) {
            shape_text(x, shape, sizeof shape);
            PyErr_Format(dmlp_py_error,
                         "axis: %lld is out of range for x of %d dimension%s, shape %s (0 "
                         "to %d, or -%d to -1)",
                         given, x->ndim, x->ndim == 1 ? "" : "s", shape, x->ndim - 1, x->ndim);
            return -1;
        }
        if (mask >> axis & 1u) {
            PyObject *repr;
            PyErr_Format(dmlp_py_error, "axis: %s names axis %lld twice; each axis may "
                                        "appear once",
                         repr_text(state->axis, &repr), axis);
            Py_XDECREF(repr);
            return -1;
        }
        mask |= 1ull << axis;
    }
    state->options.row_axes = mask;
    return 0;
}

/* numpy's broadcasting: the inputs' views made views of one shape (stride 0 where an
   input repeats). The shape goes to *shape (its strides are not set). */
static int broadcast(uint32_t n, dmlp_py_view *views, const char *const *names,
                     dmlp_py_view *shape)
{
    int ndim = 0;
    for (uint32_t k = 0; k < n; k++)
        ndim = views[k].ndim > ndim ? views[k].ndim : ndim;
    shape->ndim = ndim;
    for (int i = 0; i < ndim; i++) {
        int64_t size = 1;
        for (uint32_t k = 0; k < n; k++) {
            int at = i - (ndim - views[k].ndim);
            int64_t s = at >= 0 ? views[k].shape[at] : 1;
            if (s == 1 || s == size)
                continue;
            if (size != 1) {
                char a[256], b[256];
                uint32_t j = 0; /* the input that set the size */
                while (j < k && (i - (ndim - views[j].ndim) < 0 ||
                                 views[j].shape[i - (ndim - views[j].ndim)] != size))
                    j++;
                shape_text(&views[j], a, sizeof a);
                shape_text(&views[k], b, sizeof b);
                PyErr_Format(dmlp_py_error, "%s, %s: shapes %s and %s do not broadcast",
                             names[j], names[k], a, b);
                return -1;
            }
            size = s;
        }
        shape->shape[i] = size;
    }
    for (uint32_t k = 0; k < n; k++) {
        dmlp_py_view *v = &views[k];
        int lead = ndim - v->ndim;
        for (int i = ndim - 1; i >= 0; i--) {
            int at = i - lead;
            int64_t stride = at >= 0 && v->shape[at] == shape->shape[i] ? v->strides[at] : 0;
            v->shape[i] = shape->shape[i];
            v->strides[i] = stride;
        }
        v->ndim = ndim;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------
   Results. */

/* A fresh numpy result laid out like `like` (see dmlp_py_fresh_strides). */
static PyArrayObject *new_numpy_result(const dmlp_py_view *like, uint32_t out_type,
                                       int bool_result, dmlp_py_view *out)
{
    PyArray_Descr *descr = PyArray_DescrFromType(bool_result ? NPY_BOOL
                                                             : dmlp_py_numpy_typenum(out_type));
    npy_intp shape[DMLP_PY_MAX_RANK];
    int64_t strides64[DMLP_PY_MAX_RANK], offset;
    npy_intp strides[DMLP_PY_MAX_RANK];
    uint32_t itemsize = dmlp_py_type_size(out_type);
    dmlp_py_fresh_strides(like, itemsize, 1, strides64, &offset);
    int64_t count = dmlp_py_view_count(like);
    for (int i = 0; i < like->ndim; i++) {
        shape[i] = (npy_intp)like->shape[i];
        strides[i] = (npy_intp)strides64[i];
    }
    PyArrayObject *result;
    if (offset == 0 || count == 0) {
        result = (PyArrayObject *)PyArray_NewFromDescr(&PyArray_Type, descr, like->ndim, shape,
                                                       count ? strides : NULL, NULL, 0, NULL);
    } else {
        /* Negative strides: a view over a fresh buffer, starting at element 0's place. */
        npy_intp bytes = (npy_intp)(count * itemsize);
        PyArrayObject *base = (PyArrayObject *)PyArray_SimpleNew(1, &bytes, NPY_UINT8);
        if (!base) {
            Py_DECREF(descr);
            return NULL;
        }
        result = (PyArrayObject *)PyArray_NewFromDescr(
            &PyArray_Type, descr, like->ndim, shape, strides, PyArray_BYTES(base) + offset,
            NPY_ARRAY_WRITEABLE, NULL);
        if (!result || PyArray_SetBaseObject(result, (PyObject *)base) < 0) {
            Py_XDECREF(result);
            Py_DECREF(base);
            return NULL;
        }
    }
    if (result)
        dmlp_py_numpy_view(result, out_type, out);
    return result;
}

static const char *type_text(uint32_t type, int is_bool)
{
    return is_bool ? "bool" : dmlp_py_type_name(type);
}

/* The out= argument as a view of the result's shape and type. want UNKNOWN (Cast
   without dtype=): out's type, if the operator writes it. A DLPack output leaves a
   handle in *handle to release after the run (NULL for numpy). Returns 0, or -1 with an
   exception set. */
static int out_view(const function *f, PyObject *out, uint32_t *want, int bool_result,
                    const dmlp_py_view *first, const dmlp_py_view *shape, dmlp_py_view *view,
                    dmlp_py_dlpack **handle)
{
    *handle = NULL;
    const char *got;
    int byte_order = 0;
    if (PyArray_Check(out)) {
        PyArrayObject *array = (PyArrayObject *)out;
        if (dmlp_py_refuse_masked(out, "out") < 0)
            return -1;
        if (!PyArray_ISWRITEABLE(array)) {
            PyErr_SetString(dmlp_py_error, "out: the array is read-only");
            return -1;
        }
        if (PyArray_NDIM(array) > DMLP_PY_MAX_RANK) {
            PyErr_SetString(PyExc_TypeError, "out: too many dimensions");
            return -1;
        }
        uint32_t type = dmlp_py_numpy_type(PyArray_DESCR(array), bool_result);
        if (*want == DMLP_TENSOR_DATA_TYPE_BFLOAT16 && type == DML_TENSOR_DATA_TYPE_UINT16)
            type = *want; /* numpy holds bfloat16 as its bit patterns */
        dmlp_py_numpy_view(array, type, view);
        got = PyArray_DESCR(array)->typeobj->tp_name;
        byte_order = !PyArray_ISNBO(PyArray_DESCR(array)->byteorder);
    } else if (dmlp_py_has_dlpack(out)) {
        *handle = dmlp_py_dlpack_import(out, "out", 1, view);
        if (!*handle)
            return -1;
        if (view->is_bool && !bool_result) /* bool bytes only where the result is bool */
            view->type = DML_TENSOR_DATA_TYPE_UNKNOWN;
        got = type_text(view->type, view->is_bool);
    } else {
        PyErr_Format(PyExc_TypeError, "out: must be a numpy array or a DLPack tensor, not %s",
                     Py_TYPE(out)->tp_name);
        return -1;
    }
    if (*want == DML_TENSOR_DATA_TYPE_UNKNOWN && view->type != DML_TENSOR_DATA_TYPE_UNKNOWN &&
        accepts(f, view->type, 0) && !view->is_bool)
        *want = view->type; /* Cast: out= chooses the output type */
    for (uint32_t i = 0; i < f->output_type_count && view->type != *want; i++)
        if (f->output_types[i] == view->type && !view->is_bool)
            *want = view->type; /* another output type the row allows (UINT32) */
    if (view->type != *want || view->type == DML_TENSOR_DATA_TYPE_UNKNOWN) {
        /* A '>f4' out on a little-endian machine is refused too: results are written in
           the machine's byte order. */
        PyErr_Format(PyExc_TypeError, "out: dtype %s%s; %s of %s writes %s", got,
                     byte_order ? " in the other byte order" : "", f->def->python_name,
                     type_text(first->type, first->is_bool),
                     *want == DML_TENSOR_DATA_TYPE_UNKNOWN ? f->types_text
                                                           : type_text(*want, bool_result));
        goto fail;
    }
    int same = view->ndim == shape->ndim;
    for (int i = 0; same && i < shape->ndim; i++)
        same = view->shape[i] == shape->shape[i];
    if (!same) {
        char a[256], b[256];
        shape_text(view, a, sizeof a);
        shape_text(shape, b, sizeof b);
        if (f->inputs == 1)
            PyErr_Format(dmlp_py_error, "out: shape %s; x has shape %s", a, b);
        else if (f->inputs == 2)
            PyErr_Format(dmlp_py_error, "out: shape %s; a and b broadcast to shape %s", a, b);
        else
            PyErr_Format(dmlp_py_error, "out: shape %s; the inputs broadcast to shape %s", a,
                         b);
        goto fail;
    }
    return 0;
fail:
    dmlp_py_dlpack_release(*handle);
    *handle = NULL;
    return -1;
}

/* ------------------------------------------------------------------------------------
   A call. */

static PyObject *call(const function *f, PyObject *const *args, Py_ssize_t nargs,
                      PyObject *kwnames)
{
    const char *const *names = f->names;
    uint32_t most = f->inputs + f->positional_count;
    if (nargs < (Py_ssize_t)f->required || nargs > (Py_ssize_t)most) {
        char list[160], count[24];
        size_t used = 0;
        list[0] = '\0';
        for (uint32_t k = 0; k < most && used < sizeof list; k++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", k ? ", " : "",
                                     k < f->inputs ? names[k]
                                                   : f->positional[k - f->inputs]->name);
        snprintf(count, sizeof count, f->required < most ? "%u to %u" : "%u", f->required,
                 most);
        PyErr_Format(PyExc_TypeError, "%s() takes %s positional argument%s (%s), %zd given",
                     f->def->python_name, count, most > 1 ? "s" : "", list, nargs);
        return NULL;
    }
    call_state state;
    memset(&state, 0, sizeof state); /* the options are hashed as bytes */
    state.options.def = f->def;
    state.out = Py_None;
    state.options.bias = 0.0f;
    state.options.scale = 1.0f;
    for (uint32_t k = f->inputs; k < (uint32_t)nargs; k++) /* axis, after x */
        if (f->positional[k - f->inputs]->parse(f, args[k], &state) < 0)
            return NULL;
    if (parse_keywords(f, args + nargs, kwnames, &state) < 0)
        return NULL;
    /* An optional input (a zero point) given as None or left out at the end is absent:
       its member NULL, a 0-d view of no type that broadcasts to anything. */
    static char no_data;
    PyObject *given[DMLP__MAX_INPUTS];
    uint32_t absent = 0;
    for (uint32_t k = 0; k < f->inputs; k++) {
        given[k] = k < (uint32_t)nargs ? args[k] : Py_None;
        if (given[k] == Py_None && (f->optional_mask >> k & 1u))
            absent |= 1u << k;
    }
    args = given;

    operand in[DMLP__MAX_INPUTS];
    dmlp_py_view views[DMLP__MAX_INPUTS], broadcast_shape;
    uint32_t loaded = 0;
    dmlp_py_dlpack *out_handle = NULL;
    PyObject *result = NULL, *capsule = NULL, *like_dlpack = NULL;
    /* A Python number beside an array takes the array's dtype: load the arrays first (of
       the inputs that share the main input's dtype; one with types of its own, the
       condition, takes numpy's). */
    uint32_t order[DMLP__MAX_INPUTS], ordered = 0;
    for (uint32_t pass = 0; pass < 2; pass++)
        for (uint32_t k = 0; k < f->inputs; k++)
            if ((uint32_t)is_python_number(args[k]) == pass)
                order[ordered++] = k;
    int have_like = 0;
    uint32_t like_input = 0;
    for (uint32_t j = 0; j < f->inputs; j++) {
        uint32_t k = order[j];
        if (absent >> k & 1u) {
            memset(&views[k], 0, sizeof views[k]);
            views[k].data = &no_data;
            views[k].itemsize = 1;
            continue;
        }
        PyArray_Descr *like = NULL;
        int own = f->own_mask >> k & 1u;
        /* An int takes any dtype; a float only a float one (no silent truncation). */
        if (!own && have_like && is_python_number(args[k]) &&
            (!PyFloat_Check(args[k]) || is_float(views[like_input].type)))
            like = descr_of(&in[like_input]);
        int rc = load(f, k, args[k], names[k], like, &in[k], &views[k]);
        Py_XDECREF(like);
        loaded |= 1u << k;
        if (rc < 0)
            goto done;
        if (!own && !have_like && !is_python_number(args[k])) {
            have_like = 1;
            like_input = k;
        }
        if (!like_dlpack && in[k].dlpack)
            like_dlpack = in[k].dlpack;
    }
    uint32_t m = f->main_input;
    for (uint32_t k = 0; k < f->inputs; k++) {
        if (k == m || (f->own_mask >> k & 1u) || (absent >> k & 1u) ||
            views[k].type == views[m].type)
            continue;
        char list[160];
        size_t used = 0;
        uint32_t shared = 0;
        for (uint32_t i = 0; i < f->inputs; i++)
            shared += !(f->own_mask >> i & 1u);
        for (uint32_t i = 0, listed = 0; i < f->inputs && used < sizeof list; i++)
            if (!(f->own_mask >> i & 1u))
                used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                         listed++ == 0 ? "" : listed == shared ? " and " : ", ",
                                         names[i]);
        PyErr_Format(PyExc_TypeError, "%s: dtype %s; %s takes %s of one dtype (%s is %s)",
                     names[k], type_text(views[k].type, views[k].is_bool), f->def->python_name,
                     list, names[m], type_text(views[m].type, views[m].is_bool));
        goto done;
    }
    if (resolve_scalars(f, views[0].type, &state) < 0)
        goto done;
    if (f->rows && resolve_rows(f, &views[0], &state) < 0)
        goto done;
    if (state.scale_given && !is_float(views[0].type)) {
        PyErr_Format(PyExc_TypeError,
                     "scale, bias: %s applies ScaleBias to float types only (DirectML); %s "
                     "has dtype %s",
                     f->def->python_name, names[0],
                     type_text(views[0].type, views[0].is_bool));
        goto done;
    }

    /* The result's shape: x's, or the inputs' broadcast (their views made views of it). */
    const dmlp_py_view *shape = &views[0];
    int all_bool = 1;
    for (uint32_t k = 0; k < f->inputs; k++)
        if (!(f->own_mask >> k & 1u) && !(absent >> k & 1u))
            all_bool &= views[k].is_bool;
    if (f->inputs >= 2) {
        if (broadcast(f->inputs, views, names, &broadcast_shape) < 0)
            goto done;
        shape = &broadcast_shape;
    }

    /* The result's type: the input's, a fixed one (UINT8: numpy's bool), or Cast's
       dtype= (or out's). */
    uint32_t out_type = f->def->output_type;
    int bool_result;
    if (out_type == DMLP__OUTPUT_LISTED) {
        out_type = state.dtype;
        bool_result = 0;
    } else if (out_type == DML_TENSOR_DATA_TYPE_UNKNOWN) {
        out_type = views[f->main_input].type;
        bool_result = all_bool;
    } else if (dmlp__operator_output_type_input(f->def->type) >= 0) {
        /* QuantizeLinear: the zero point's (the row's type without one); DequantizeLinear:
           the scale's */
        int32_t follows = dmlp__operator_output_type_input(f->def->type);
        if (!(absent >> follows & 1u))
            out_type = views[follows].type;
        bool_result = 0;
    } else {
        bool_result = out_type == DML_TENSOR_DATA_TYPE_UINT8 && f->bool_result;
    }
    /* A fresh result follows the memory order of an input that does not repeat. */
    const dmlp_py_view *like = &views[0];
    for (uint32_t k = 0; k < f->inputs; k++) {
        if (absent >> k & 1u)
            continue;
        int repeats = 0;
        for (int i = 0; i < views[k].ndim; i++)
            repeats |= views[k].shape[i] > 1 && views[k].strides[i] == 0;
        if (!repeats) {
            like = &views[k];
            break;
        }
    }

    dmlp_py_view result_view;
    if (state.out != Py_None) {
        if (out_view(f, state.out, &out_type, bool_result, &views[f->main_input], shape,
                     &result_view,
                     &out_handle) < 0)
            goto done;
        if (dmlp_py_run(&state.options, f->inputs, views, names, &result_view) < 0)
            goto done;
        Py_INCREF(state.out);
        result = state.out;
        goto done;
    }
    if (out_type == DML_TENSOR_DATA_TYPE_UNKNOWN) {
        PyErr_Format(PyExc_TypeError, "%s() needs dtype= (the result's dtype) or out=",
                     f->def->python_name);
        goto done;
    }
    if (!like_dlpack) {
        PyArrayObject *fresh = new_numpy_result(like, out_type, bool_result, &result_view);
        if (!fresh)
            goto done;
        if (dmlp_py_run(&state.options, f->inputs, views, names, &result_view) < 0) {
            Py_DECREF(fresh);
            goto done;
        }
        result = (PyObject *)fresh;
    } else {
        int64_t strides[DMLP_PY_MAX_RANK], offset;
        result_view = *like;
        result_view.type = out_type;
        result_view.is_bool = bool_result;
        result_view.itemsize = dmlp_py_type_size(out_type);
        dmlp_py_fresh_strides(like, result_view.itemsize, 0, strides, &offset);
        memcpy(result_view.strides, strides, sizeof(int64_t) * (size_t)like->ndim);
        capsule = dmlp_py_dlpack_alloc(&result_view);
        if (!capsule || dmlp_py_run(&state.options, f->inputs, views, names, &result_view) < 0)
            goto done;
        result = dmlp_py_dlpack_wrap(like_dlpack, capsule, bool_result);
    }
done:
    dmlp_py_dlpack_release(out_handle);
    for (uint32_t k = 0; k < f->inputs; k++)
        if (loaded & (1u << k))
            operand_release(&in[k]);
    Py_XDECREF(capsule);
    return result;
}

/* One entry point per function slot (see MAX_FUNCTIONS). */
typedef PyObject *(*entry_fn)(PyObject *, PyObject *const *, Py_ssize_t, PyObject *);
#define ENTRY(h, l)                                                                         \
    static PyObject *entry_##h##l(PyObject *self, PyObject *const *args, Py_ssize_t nargs,  \
                                  PyObject *kwnames)                                        \
    {                                                                                       \
        (void)self;                                                                         \
        return call(&functions[0x##h##l], args, nargs, kwnames);                            \
    }
#define ENTRY_ROW(X, h)                                                                     \
    X(h, 0) X(h, 1) X(h, 2) X(h, 3) X(h, 4) X(h, 5) X(h, 6) X(h, 7) X(h, 8) X(h, 9)         \
    X(h, a) X(h, b) X(h, c) X(h, d) X(h, e) X(h, f)
#define ENTRY_ROWS(X)                                                                       \
    ENTRY_ROW(X, 0) ENTRY_ROW(X, 1) ENTRY_ROW(X, 2) ENTRY_ROW(X, 3) ENTRY_ROW(X, 4)         \
    ENTRY_ROW(X, 5) ENTRY_ROW(X, 6) ENTRY_ROW(X, 7) ENTRY_ROW(X, 8) ENTRY_ROW(X, 9)         \
    ENTRY_ROW(X, a) ENTRY_ROW(X, b) ENTRY_ROW(X, c) ENTRY_ROW(X, d) ENTRY_ROW(X, e)         \
    ENTRY_ROW(X, f)
ENTRY_ROWS(ENTRY)
#define ENTRY_NAME(h, l) entry_##h##l,
static const entry_fn entries[] = {ENTRY_ROWS(ENTRY_NAME)};
_Static_assert(sizeof entries / sizeof entries[0] == MAX_FUNCTIONS, "one entry per slot");

/* ------------------------------------------------------------------------------------
   Making the functions from the registry. */

/* The input types in the order the docs list them; bfloat16 only through DLPack. */
static const uint32_t python_types[] = {
    DML_TENSOR_DATA_TYPE_INT8,    DML_TENSOR_DATA_TYPE_INT16,   DML_TENSOR_DATA_TYPE_INT32,
    DML_TENSOR_DATA_TYPE_INT64,   DML_TENSOR_DATA_TYPE_UINT8,   DML_TENSOR_DATA_TYPE_UINT16,
    DML_TENSOR_DATA_TYPE_UINT32,  DML_TENSOR_DATA_TYPE_UINT64,  DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT64, DMLP_TENSOR_DATA_TYPE_BFLOAT16,
};

/* Appends to a malloc'd text; returns -1 (with MemoryError) when out of memory. */
typedef struct text {
    char *data;
    size_t length, capacity;
} text;

static int append(text *t, const char *format, ...)
{
    for (;;) {
        va_list args;
        va_start(args, format);
        size_t room = t->capacity - t->length;
        int n = vsnprintf(t->data ? t->data + t->length : NULL, t->data ? room : 0, format,
                          args);
        va_end(args);
        if (n < 0)
            return -1;
        if (t->data && (size_t)n < room) {
            t->length += (size_t)n;
            return 0;
        }
        size_t capacity = (t->capacity + (size_t)n + 1) * 2;
        char *grown = realloc(t->data, capacity);
        if (!grown) {
            PyErr_NoMemory();
            return -1;
        }
        t->data = grown;
        t->capacity = capacity;
    }
}

/* The row's `dmlp run --help` text as one line: the name column dropped, continuation
   lines joined, sentences about the command's .npy files left out, and the command's
   options named as the function's keywords ("ELEMENT_WISE_ABS: |x|, or ... with scale
   and bias"). */
static int summary(text *t, const dmlp__op_def *def)
{
    char line[1024];
    size_t n = 0;
    const char *p = def->cli_help ? def->cli_help : "";
    while (*p == ' ')
        p++;
    while (*p && *p != ' ')
        p++; /* the command's name */
    while (*p && n + 1 < sizeof line) {
        if (*p == '\n') {
            while (p[1] == ' ')
                p++;
            if (n && p[1])
                line[n++] = ' ';
            p++;
            continue;
        }
        if (*p == ' ' && n == 0) {
            p++;
            continue;
        }
        line[n++] = *p++;
    }
    line[n] = '\0';
    /* Sentences naming the command's files (OUT.npy) are the command's. */
    char *npy = strstr(line, ".npy");
    if (npy) {
        char *start = npy;
        while (start > line && !(start[-1] == ' ' && start - 1 > line && start[-2] == '.'))
            start--;
        *(start > line ? start - 1 : start) = '\0';
    }
    for (const char *q = line; *q;) {
        int replaced = 0;
        for (size_t k = 0; k < sizeof keywords / sizeof keywords[0] && !replaced; k++) {
            const char *option = keywords[k].cli_option;
            size_t len = option ? strlen(option) : 0;
            if (len && strncmp(q, option, len) == 0 &&
                !(q[len] >= 'a' && q[len] <= 'z')) {
                if (append(t, "%s", keywords[k].name) < 0)
                    return -1;
                q += len;
                replaced = 1;
            }
        }
        if (!replaced && append(t, "%c", *q++) < 0)
            return -1;
    }
    return 0;
}

static int make_doc(function *f)
{
    const dmlp__op_def *def = f->def;
    text t = {NULL, 0, 0};
    int rc = append(&t, "%s(", def->python_name);
    for (uint32_t k = 0; k < f->inputs && rc == 0; k++)
        rc = append(&t, k < f->required ? "%s, " : "%s=None, ", f->names[k]);
    for (uint32_t k = 0; k < f->positional_count && rc == 0; k++)
        rc = append(&t, "%s=%s, ", f->positional[k]->name, f->positional[k]->default_text);
    if (rc == 0)
        rc = append(&t, "*");
    for (uint32_t k = 0; k < f->keyword_count && rc == 0; k++)
        rc = f->keywords[k]->positional ? 0
             : f->keywords[k]->default_text
                 ? append(&t, ", %s=%s", f->keywords[k]->name, f->keywords[k]->default_text)
                 : append(&t, ", %s", f->keywords[k]->name);
    if (rc == 0)
        rc = append(&t, ", out=None, feature_level=None, threads=None)\n--\n\n%s",
                    dmlp__operator_is_extension(def->type) ? "dmlp's extension operator "
                                                           : "DirectML's ");
    if (rc == 0)
        rc = summary(&t, def);
    if (rc == 0 && f->inputs <= 2)
        rc = append(&t, "\n\n%s: %s%s.\n", f->inputs == 1 ? "x" : "a, b", f->types_text,
                    f->inputs == 1 ? "" : "; a and b of one dtype, broadcast as numpy does");
    if (rc == 0 && f->inputs > 2) { /* inputs with types of their own, then the others */
        rc = append(&t, "\n\n");
        for (uint32_t k = 0; k < f->inputs && rc == 0; k++) {
            if (!(f->own_mask >> k & 1u))
                continue;
            rc = append(&t, "%s: ", f->names[k]);
            for (uint32_t i = 0; i < f->own_count[k] && rc == 0; i++)
                rc = append(&t, "%s%s", i ? ", " : "", dmlp_py_type_name(f->own_types[k][i]));
            if (rc == 0)
                rc = append(&t, "%s; ", f->own_count[k] == 1 &&
                                                f->own_types[k][0] == DML_TENSOR_DATA_TYPE_UINT8
                                            ? " or bool"
                                            : "");
        }
        for (uint32_t k = 0, listed = 0; k < f->inputs && rc == 0; k++)
            if (!(f->own_mask >> k & 1u))
                rc = append(&t, "%s%s", listed++ ? ", " : "", f->names[k]);
        if (rc == 0)
            rc = append(&t, ": %s, of one dtype; all broadcast as numpy does.\n", f->types_text);
    }
    if (rc == 0) {
        const char *result = def->output_type == DMLP__OUTPUT_LISTED ? "dtype"
                             : def->output_type == DML_TENSOR_DATA_TYPE_UNKNOWN
                                 ? (f->inputs == 1   ? "x's dtype"
                                    : f->inputs == 2 ? "the inputs' dtype"
                                                     : f->shared_text)
                             : def->output_type == DML_TENSOR_DATA_TYPE_UINT8 && f->bool_result
                                 ? "bool"
                                 : dmlp_py_type_name(def->output_type);
        char follows[48]; /* QuantizeLinear: the zero point's dtype */
        int32_t from = dmlp__operator_output_type_input(def->type);
        if (from >= 0 && (uint32_t)from < f->inputs) {
            snprintf(follows, sizeof follows, "%s's dtype", f->names[from]);
            result = follows;
        }
        rc = append(&t, "Result: %s%s.\n", result,
                    f->takes_bool && def->output_type == DML_TENSOR_DATA_TYPE_UNKNOWN
                        ? " (bool for bool inputs)"
                        : "");
    }
    for (uint32_t k = 0; k < f->keyword_count && rc == 0; k++) {
        const keyword *kw = f->keywords[k];
        if (!kw->doc)
            continue;
        char fused[128];
        size_t n = 0;
        fused[0] = '\0';
        for (uint32_t i = 0; i < f->fused_count && n < sizeof fused; i++)
            n += (size_t)snprintf(fused + n, sizeof fused - n, "%s\"%s\"", i ? " or " : "",
                                  f->fused[i]->python_name);
        rc = append(&t, kw->doc, fused);
        if (rc == 0)
            rc = append(&t, ".\n");
    }
    if (rc == 0)
        rc = append(&t, "out=, feature_level=, threads=: as every dmlp function (help(dmlp)).");
    if (rc < 0) {
        free(t.data);
        return -1;
    }
    f->doc = t.data;
    return 0;
}

static int make_function(function *f, const dmlp__op_def *def)
{
    memset(f, 0, sizeof *f);
    f->def = def;
    f->inputs = dmlp__op_input_count(def);
    if (f->inputs < 1 || f->inputs > DMLP__MAX_INPUTS) {
        PyErr_Format(PyExc_ImportError, "dmlp: %s has %u inputs; the module takes 1 to %u",
                     def->name, f->inputs, (unsigned)DMLP__MAX_INPUTS);
        return -1;
    }
    /* The arguments: x; a, b; or the members' names in lower case without "Tensor"
       (ConditionTensor, ATensor, BTensor: condition, a, b). */
    for (uint32_t k = 0; k < f->inputs; k++) {
        if (f->inputs <= 2) {
            f->names[k] = f->inputs == 1 ? "x" : k == 0 ? "a" : "b";
            continue;
        }
        const char *member = dmlp__op_input(def, k)->name;
        size_t length = strlen(member), c = 0;
        if (length > 6 && strcmp(member + length - 6, "Tensor") == 0)
            length -= 6;
        for (; c < length && c + 1 < sizeof f->name_text[k]; c++)
            f->name_text[k][c] = (char)tolower((unsigned char)member[c]);
        f->name_text[k][c] = '\0';
        f->names[k] = f->name_text[k];
        if (dmlp__operator_input_own_types(def->type, k))
            f->own_mask |= 1u << k;
        if (dmlp__op_input(def, k)->optional)
            f->optional_mask |= 1u << k;
    }
    f->required = f->inputs;
    while (f->required > 1 && (f->optional_mask >> (f->required - 1) & 1u))
        f->required--;
    f->main_input = dmlp__operator_main_input(def->type);
    uint32_t shared = 0;
    for (uint32_t k = 0; k < f->inputs; k++)
        shared += !(f->own_mask >> k & 1u);
    size_t used = (size_t)snprintf(f->shared_text, sizeof f->shared_text, "the dtype of ");
    for (uint32_t k = 0, listed = 0; k < f->inputs && used < sizeof f->shared_text; k++)
        if (!(f->own_mask >> k & 1u))
            used += (size_t)snprintf(f->shared_text + used, sizeof f->shared_text - used, "%s%s",
                                     listed++ == 0 ? "" : listed == shared ? " and " : ", ",
                                     f->names[k]);
    /* What dmlp can do at all: the highest level with the extensions. A level asked for
       in a call is the library's to check (dmlp.Error with its message). */
    dmlp__support support;
    if (!dmlp__support_get(def->type, DMLP__FEATURE_LEVEL_HIGHEST, true, &support))
        support.type_count = 0;
    size_t n = 0;
    for (size_t i = 0; i < sizeof python_types / sizeof python_types[0]; i++)
        for (uint32_t j = 0; j < support.type_count; j++)
            if (support.input_types[j] == python_types[i]) {
                f->types[f->type_count++] = python_types[i];
                n += (size_t)snprintf(f->types_text + n, sizeof f->types_text - n, "%s%s%s",
                                      n ? ", " : "", dmlp_py_type_name(python_types[i]),
                                      python_types[i] == DMLP_TENSOR_DATA_TYPE_BFLOAT16
                                          ? " (DLPack)"
                                          : "");
            }
    for (uint32_t i = 0; i < support.output_type_count && i < DMLP__SUPPORT_MAX_OUTPUT_TYPES;
         i++)
        f->output_types[f->output_type_count++] = support.output_types[i];
    for (uint32_t k = 0; k < f->inputs; k++)
        for (uint32_t i = 0; (f->own_mask >> k & 1u) && i < support.own_type_count[k]; i++)
            f->own_types[k][f->own_count[k]++] = support.own_types[k][i];
    /* ONNX's bool is UINT8 0s and 1s in dmlp: numpy's bool is taken the same way. */
    int has_u8 = 0;
    for (uint32_t i = 0; i < f->type_count; i++)
        has_u8 |= f->types[i] == DML_TENSOR_DATA_TYPE_UINT8;
    f->takes_bool = has_u8 && dmlp__catalogue_takes_bool(def->type);
    f->bool_result = dmlp__catalogue_bool_result(def->type);
    if (f->takes_bool)
        snprintf(f->types_text + n, sizeof f->types_text - n, ", bool");
    uint32_t result_flags = dmlp__catalogue_result_flags(def->type);
    int row_kind = 0;
    f->rows = dmlp__op_rows(def, &row_kind, &f->last_axis);
    /* The FLOAT members first, in member order: alpha=0.01, min, max ... */
    for (uint32_t i = 0; i < dmlp__op_float_count(def) && i < DMLP__MAX_FLOATS; i++) {
        const dmlp__field *m = dmlp__op_float(def, i);
        keyword *k = &f->float_keywords[i];
        dmlp__field_lower_name(m, f->float_names[i], sizeof f->float_names[i]);
        /* the shortest decimal that reads back as the same float32: 0.01, not 0.00999... */
        for (int digits = 1; m->has_default && digits <= 9; digits++) {
            snprintf(f->float_defaults[i], sizeof f->float_defaults[i], "%.*g", digits,
                     (double)m->default_value);
            if ((float)strtod(f->float_defaults[i], NULL) == m->default_value)
                break;
        }
        *k = (keyword){f->float_names[i], m->has_default ? f->float_defaults[i] : NULL, -1,
                       0, 0, NULL, NULL, NULL, i + 1, 0};
        if (f->keyword_count == MAX_KEYWORDS)
            break;
        f->keywords[f->keyword_count] = k;
        f->keyword_names[f->keyword_count] = PyUnicode_InternFromString(k->name);
        if (!f->keyword_names[f->keyword_count])
            return -1;
        f->keyword_count++;
    }
    /* then the scalar members: min=-inf, max=inf (the type's ends for integers) */
    for (uint32_t i = 0; i < dmlp__op_scalar_count(def) && i < DMLP__MAX_SCALARS; i++) {
        const dmlp__field *m = dmlp__op_scalar(def, i);
        uint32_t slot = dmlp__op_float_count(def) + i;
        keyword *k = &f->float_keywords[slot];
        dmlp__field_lower_name(m, f->float_names[slot], sizeof f->float_names[slot]);
        snprintf(f->float_defaults[slot], sizeof f->float_defaults[slot], "%.9g",
                 (double)m->default_value);
        *k = (keyword){f->float_names[slot], m->has_default ? f->float_defaults[slot] : NULL,
                       -1, 0, 0, NULL, NULL, NULL, SCALAR_MEMBER | (i + 1), 0};
        if (f->keyword_count == MAX_KEYWORDS)
            break;
        f->keywords[f->keyword_count] = k;
        f->keyword_names[f->keyword_count] = PyUnicode_InternFromString(k->name);
        if (!f->keyword_names[f->keyword_count])
            return -1;
        f->keyword_count++;
    }
    for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++) {
        if (!keyword_applies(&keywords[k], def, result_flags))
            continue;
        if (f->keyword_count == MAX_KEYWORDS) {
            PyErr_Format(PyExc_ImportError, "dmlp: %s has more than %d keywords", def->name,
                         MAX_KEYWORDS);
            return -1;
        }
        f->keywords[f->keyword_count] = &keywords[k];
        f->keyword_names[f->keyword_count] = PyUnicode_InternFromString(keywords[k].name);
        if (!f->keyword_names[f->keyword_count])
            return -1;
        f->keyword_count++;
        if (keywords[k].positional)
            f->positional[f->positional_count++] = &keywords[k];
    }
    /* FusedActivation: every activation row (its two tensors, NULL when fused, and FLOAT
       members) the validator accepts there. */
    if (dmlp__op_field(def, DMLP__FIELD_FUSED_ACTIVATION))
        for (uint32_t i = 0; i < dmlp__op_count() && f->fused_count < MAX_FUSED; i++) {
            const dmlp__op_def *a = dmlp__op_at(i);
            if (a->field_count == 2 + dmlp__op_float_count(a) && dmlp__op_input_count(a) == 1 &&
                dmlp__catalogue_fusable(def, a->type))
                f->fused[f->fused_count++] = a;
        }
    if (make_doc(f) < 0)
        return -1;
    f->method = (PyMethodDef){def->python_name, (PyCFunction)(void (*)(void))NULL,
                              METH_FASTCALL | METH_KEYWORDS, f->doc};
    return 0;
}

/* dmlp._dmlp._operators(): what each function is made from, for the docs generator
   (python -m dmlp._doc) and the tests. */
static PyObject *operators(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (uint32_t i = 0; list && i < function_count; i++) {
        const function *f = &functions[i];
        const dmlp__op_def *def = f->def;
        PyObject *keywords_tuple = PyTuple_New(f->keyword_count);
        PyObject *types = PyTuple_New(f->type_count + (f->takes_bool ? 1 : 0));
        PyObject *fused = PyTuple_New(f->fused_count);
        PyObject *positional = PyTuple_New(f->positional_count);
        PyObject *item = NULL;
        if (keywords_tuple && types && fused && positional) {
            int ok = 1;
            for (uint32_t k = 0; k < f->positional_count && ok; k++) {
                PyObject *name = PyUnicode_FromString(f->positional[k]->name);
                ok = name != NULL;
                if (ok)
                    PyTuple_SET_ITEM(positional, k, name);
            }
            for (uint32_t k = 0; k < f->keyword_count && ok; k++) {
                PyObject *pair = Py_BuildValue("(ss)", f->keywords[k]->name,
                                               f->keywords[k]->default_text);
                ok = pair != NULL;
                if (ok)
                    PyTuple_SET_ITEM(keywords_tuple, k, pair);
            }
            for (uint32_t k = 0; k < f->type_count && ok; k++) {
                PyObject *name = PyUnicode_FromString(dmlp_py_type_name(f->types[k]));
                ok = name != NULL;
                if (ok)
                    PyTuple_SET_ITEM(types, k, name);
            }
            if (ok && f->takes_bool) {
                PyObject *name = PyUnicode_FromString("bool");
                ok = name != NULL;
                if (ok)
                    PyTuple_SET_ITEM(types, f->type_count, name);
            }
            for (uint32_t k = 0; k < f->fused_count && ok; k++) {
                PyObject *name = PyUnicode_FromString(f->fused[k]->python_name);
                ok = name != NULL;
                if (ok)
                    PyTuple_SET_ITEM(fused, k, name);
            }
            const char *result = def->output_type == DMLP__OUTPUT_LISTED ? "dtype"
                                 : def->output_type == DML_TENSOR_DATA_TYPE_UNKNOWN
                                     ? "input"
                                 : def->output_type == DML_TENSOR_DATA_TYPE_UINT8 &&
                                           f->bool_result
                                     ? "bool"
                                     : dmlp_py_type_name(def->output_type);
            char follows[48]; /* QuantizeLinear: "zeropoint" */
            int32_t from = dmlp__operator_output_type_input(def->type);
            if (from >= 0 && (uint32_t)from < f->inputs) {
                snprintf(follows, sizeof follows, "input:%s", f->names[from]);
                result = follows;
            }
            if (ok)
                item = Py_BuildValue(
                    "{s:s,s:s,s:s,s:I,s:N,s:N,s:N,s:s,s:s,s:O,s:O,s:N}", "name",
                    def->python_name, "directml", def->name, "cli", def->cli_name, "inputs",
                    f->inputs, "keywords", keywords_tuple, "dtypes", types, "fused", fused,
                    "result", result, "introduced",
                    dmlp__feature_level_name(dmlp__operator_introduced(def->type)), "in_place",
                    def->in_place ? Py_True : Py_False, "extension",
                    dmlp__operator_is_extension(def->type) ? Py_True : Py_False, "positional",
                    positional);
            if (item)
                keywords_tuple = types = fused = positional = NULL; /* stolen */
        }
        Py_XDECREF(keywords_tuple);
        Py_XDECREF(types);
        Py_XDECREF(fused);
        Py_XDECREF(positional);
        if (!item || PyList_Append(list, item) < 0) {
            Py_XDECREF(item);
            Py_CLEAR(list);
            break;
        }
        Py_DECREF(item);
    }
    return list;
}

static PyMethodDef module_methods[] = {
    {"_operators", operators, METH_NOARGS,
     "What each operator function is made from: a list of dicts (name, directml, cli, "
     "inputs, keywords, dtypes, fused, result, introduced, in_place, extension, "
     "positional: the keywords also taken positionally after the inputs), registry "
     "order."},
    {NULL, NULL, 0, NULL},
};

int dmlp_py_add_elementwise(PyObject *module)
{
    str_out = PyUnicode_InternFromString("out");
    str_feature_level = PyUnicode_InternFromString("feature_level");
    str_threads = PyUnicode_InternFromString("threads");
    if (!str_out || !str_feature_level || !str_threads)
        return -1;
    if (function_count == 0) { /* once per process: the table outlives a module object */
        uint32_t count = dmlp__op_count();
        if (count > MAX_FUNCTIONS) {
            PyErr_Format(PyExc_ImportError,
                         "dmlp: the registry has %u operators; the module holds %d (raise "
                         "MAX_FUNCTIONS in python/src/elementwise.c)",
                         count, MAX_FUNCTIONS);
            return -1;
        }
        for (uint32_t i = 0; i < count; i++) {
            if (make_function(&functions[i], dmlp__op_at(i)) < 0)
                return -1;
            functions[i].method.ml_meth = (PyCFunction)(void (*)(void))entries[i];
        }
        function_count = count;
    }
    PyObject *module_name = PyModule_GetNameObject(module);
    if (!module_name)
        return -1;
    int rc = 0;
    for (uint32_t i = 0; i < function_count && rc == 0; i++) {
        PyObject *fn = PyCFunction_NewEx(&functions[i].method, module, module_name);
        rc = fn ? PyModule_AddObject(module, functions[i].def->python_name, fn) : -1;
        if (rc < 0)
            Py_XDECREF(fn);
    }
    Py_DECREF(module_name);
    if (rc == 0)
        rc = PyModule_AddFunctions(module, module_methods);
    return rc;
}
