"""The README's Python example runs as written and prints what its comments say."""
import contextlib
import io
import os
import re

README = os.path.join(os.path.dirname(__file__), "..", "..", "README.md")


def test_readme_example():
    text = open(README, encoding="utf-8").read()
    section = text[text.index("## Python"):]
    block = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, "README.md", "exec"), {})
    lines = printed.getvalue().splitlines()
    claims = [m.group(1).strip() for m in re.finditer(r"print\(.*\)\s+# (\[[^\]]*\])", block)]
    assert len(claims) >= 2
    for claim, line in zip(claims, lines):
        assert line.split() == claim.split(), (line, claim)
    assert "tensor([-1., -1., -1.,  0.,  1.,  1.,  1.], dtype=torch.bfloat16)" in printed.getvalue()
