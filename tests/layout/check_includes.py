#!/usr/bin/env python3
"""The stated boundary of the front ends and bench, and no circles between .c files.

1. Includes. A file of src/cli, python/src or bench includes (with "...") only:
   - the public API: dmlp.h, dmlp_onnx.h (include/);
   - headers of its own folder;
   - what its consumer is allowed beyond that (ALLOWED below): for each, at most one
     internal header of the library, documented as that consumer's, and the layers the
     consumer drives (the CLI: the io layer and the DxDispatch front end's header).
   src/cli reaches the library's internals through core/introspect.h only; python/src
   through core/catalogue.h (the registry's rows for the front ends) and the DxDispatch
   front end's dxdispatch/dxdispatch.h only; bench through core/bench_hooks.h only (and
   the command's cli/cli_bench.h, which it implements).

2. Circles. Over every .c file of src/, python/src and bench: a.c depends on b.c when
   a.c names a function that b.c defines (and a.c does not define itself: the platform
   and kernel-level alternatives define the same functions). A dependency cycle (two
   files or more) fails.

Usage: check_includes.py SOURCE_DIR (exit 0: kept; 1: a violation, each printed);
check_includes.py --self-test: the checks fail on a small tree that breaks each rule."""
import os
import re
import sys

ALLOWED = {
    "src/cli": {
        "headers": {"core/introspect.h", "dxdispatch/dxdispatch.h"},
        "prefixes": ("io/",),
    },
    "python/src": {
        "headers": {"core/catalogue.h", "dxdispatch/dxdispatch.h",
                    "pythread.h"},  # pythread.h: CPython's
        "prefixes": (),
    },
    "bench": {
        "headers": {"core/bench_hooks.h", "cli/cli_bench.h"},
        "prefixes": (),
    },
}
PUBLIC = {"dmlp.h", "dmlp_onnx.h"}
CIRCLE_DIRS = ("src", "python/src", "bench")

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def strip(text):
    """Comments, strings and character constants out; line count kept."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"'(?:\\.|[^'\\\n])*'", "''", text)


def sources(root, folder, suffixes):
    for dirpath, _, names in os.walk(os.path.join(root, folder)):
        for name in sorted(names):
            if name.endswith(suffixes):
                yield os.path.relpath(os.path.join(dirpath, name), root)


def check_includes(root):
    bad = []
    for folder, allowed in ALLOWED.items():
        for path in sources(root, folder, (".c", ".h", ".inc")):
            own = os.path.dirname(path)
            with open(os.path.join(root, path), encoding="utf-8") as f:
                text = f.read()
            for header in INCLUDE.findall(text):
                if header in PUBLIC or header in allowed["headers"]:
                    continue
                if header.startswith(allowed["prefixes"]):
                    continue
                if "/" not in header and os.path.exists(os.path.join(root, own, header)):
                    continue
                bad.append(f"{path}: includes \"{header}\", outside what {folder} may include")
    return bad


DEFINITION = re.compile(
    r"^(?!static\b|typedef\b|extern\b|#)[A-Za-z_][^;{}()\n]*?\b([A-Za-z_]\w*)\s*\(([^;{}]*?)\)\s*\{",
    re.M)


def check_circles(root):
    files = [p for d in CIRCLE_DIRS for p in sources(root, d, (".c",))]
    defines, names = {}, {}
    for path in files:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = strip(f.read())
        defines[path] = {m.group(1) for m in DEFINITION.finditer(text)} - {"main"}
        names[path] = set(re.findall(r"\b[A-Za-z_]\w*\b", text))
    owner = {}
    for path, defined in defines.items():
        for name in defined:
            owner.setdefault(name, set()).add(path)
    edges = {path: {} for path in files}
    for path in files:
        for name in names[path] - defines[path]:
            for other in owner.get(name, ()):
                edges[path].setdefault(other, name)
    # Tarjan's strongly connected components: any with two files or more is a circle.
    index, low, stack, on_stack, circles = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    sys.setrecursionlimit(10000)
    for path in files:
        if path not in index:
            visit(path)
    bad = []
    for component in circles:
        members = set(component)
        links = [f"{a} -> {b} ({edges[a][b]})" for a in component for b in sorted(edges[a])
                 if b in members]
        bad.append("files depending on each other in a circle: " + "; ".join(links))
    return bad


def self_test():
    """A tree with one file breaking each rule, and the same tree kept: 0 when each
    violation is found and nothing else."""
    import tempfile
    files = {
        "src/cli/main.c": '#include "cli.h"\n#include "kernels/kernels.h"\n'
                          'int main(void) { return cli_go(); }\n',
        "src/cli/cli.h": "int cli_go(void);\n",
        "src/cli/cli_go.c": '#include "cli.h"\n#include "io/npy.h"\n'
                            "int cli_go(void)\n{\n    return 0;\n}\n",
        "python/src/dispatch.c": '#include "dxdispatch/dx_internal.h"\n',
        "bench/bench_main.c": '#include "core/bench_hooks.h"\n#include "core/tune.h"\n',
        "src/core/a.c": "int a_fn(void)\n{\n    return b_fn();\n}\n",
        "src/core/b.c": "int b_fn(void)\n{\n    return c_fn();\n}\n",
        "src/core/c.c": "int c_fn(void)\n{\n    return a_fn();\n}\n",
    }
    expected = [
        'src/cli/main.c: includes "kernels/kernels.h"',
        'python/src/dispatch.c: includes "dxdispatch/dx_internal.h"',
        'bench/bench_main.c: includes "core/tune.h"',
        "circle: src/core/a.c -> src/core/b.c (b_fn); src/core/b.c -> src/core/c.c (c_fn); "
        "src/core/c.c -> src/core/a.c (a_fn)",
    ]
    with tempfile.TemporaryDirectory() as root:
        for path, text in files.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                f.write(text)
        bad = check_includes(root) + check_circles(root)
    found = [e for e in expected if any(e in line for line in bad)]
    ok = len(found) == len(expected) and len(bad) == len(expected)
    for line in bad:
        print("found:", line)
    print(f"check_includes --self-test: {len(found)} of {len(expected)} violations found, "
          f"{len(bad)} in all: {'passed' if ok else 'FAILED'}")
    return 0 if ok else 1


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    root = sys.argv[1]
    bad = check_includes(root) + check_circles(root)
    for line in bad:
        print(line)
    print(f"check_includes: {len(bad)} violation{'s' if len(bad) != 1 else ''}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
