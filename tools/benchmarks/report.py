"""BENCH.md, the bench's results file: a subcommand's ``--write`` replaces
its own section (or one paragraph of one) and leaves the rest as it is;
the whole bench rewrites the file but keeps the sections other tools
write (OTHER_SECTIONS).  Every function reads RESULTS when called, so a
test may point it at a scratch file."""

import os

from benchmarks import ROOT
from benchmarks.common import FUEL_PER_MS

RESULTS = os.path.join(ROOT, "BENCH.md")


def bench_per_ms():
    """The fuel per board millisecond BENCH.md's header gives (measured by
    the last whole run), else FUEL_PER_MS: a section written alone turns
    fuel into board ms as the rest of the file does."""
    import re
    try:
        with open(RESULTS) as f:
            m = re.search(r"; (\d+) fuel is one millisecond", f.read())
    except OSError:
        m = None
    return int(m.group(1)) if m else FUEL_PER_MS


def _section(lines, title):
    """(first, end) line indexes of BENCH.md's section ``title`` (the title
    line to the next "## " line), or None."""
    if title not in lines:
        return None
    start = lines.index(title)
    end = start + 1
    while end < len(lines) and not lines[end].startswith("## "):
        end += 1
    return start, end


def write_section(title, text):
    """Put ``text`` (its first line ``title``) in BENCH.md in place of the
    section of that title (at the end if there is none); the rest of the
    file is left as it is."""
    with open(RESULTS) as f:
        lines = f.read().split("\n")
    new = text.strip("\n").split("\n") + [""]
    at = _section(lines, title)
    if at is None:
        lines = lines + new
    else:
        lines = lines[:at[0]] + new + lines[at[1]:]
    with open(RESULTS, "w") as f:
        f.write("\n".join(lines).rstrip("\n") + "\n")
    print("wrote the section in %s" % os.path.relpath(RESULTS, ROOT))


def section_cmd(title, text, argv):
    """A section's command: ``text`` printed; with --write in ``argv``,
    in BENCH.md in place of the section ``title`` (write_section)."""
    print(text)
    if "--write" in argv:
        write_section(title, text)
    return 0


def write_paragraph(title, prefix, text, after=None):
    """In BENCH.md's section ``title``, the paragraph (one line) starting
    ``prefix`` becomes ``text``; with none, ``text`` goes after the one
    starting ``after``, else at the end of the section."""
    with open(RESULTS) as f:
        lines = f.read().split("\n")
    at = _section(lines, title)
    if at is None:
        raise RuntimeError("BENCH.md has no section %r" % title)
    start, end = at
    found = [i for i in range(start, end) if lines[i].startswith(prefix)]
    if found:
        lines[found[0]] = text
    else:
        anchor = [i for i in range(start, end)
                  if after is not None and lines[i].startswith(after)]
        if anchor:
            i = anchor[0] + 1
        else:
            i = end
            while i > start + 1 and lines[i - 1] == "":
                i -= 1
        lines[i:i] = ["", text]
    with open(RESULTS, "w") as f:
        f.write("\n".join(lines).rstrip("\n") + "\n")
    print("wrote the figure in %s" % os.path.relpath(RESULTS, ROOT))


# Sections of BENCH.md another tool writes (tools/fuzz.py soak --write):
# the whole bench keeps them as they are.
OTHER_SECTIONS = ("## Fuzzing",)


def kept_sections(text):
    """``text``, the whole bench's BENCH.md, with the sections other
    tools wrote kept from the file there now."""
    try:
        with open(RESULTS) as f:
            old = f.read().split("\n")
    except OSError:
        return text
    for title in OTHER_SECTIONS:
        at = _section(old, title)
        if at is not None and title not in text.split("\n"):
            text = text.rstrip("\n") + "\n\n" + \
                "\n".join(old[at[0]:at[1]]).rstrip("\n") + "\n"
    return text


def write_all(text):
    """BENCH.md becomes ``text``, the whole bench, with the sections other
    tools wrote kept (kept_sections)."""
    text = kept_sections(text)
    with open(RESULTS, "w") as f:
        f.write(text)
    print("wrote %s" % os.path.relpath(RESULTS, ROOT))
