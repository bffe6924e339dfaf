"""The README's pictures are what their key scripts show now
(tools/pictures.py): a screen that changes without its picture fails
here; ``python tools/pictures.py`` makes them again."""

import os
import re

import pytest

import pictures

pygame = pytest.importorskip("pygame")

README = os.path.join(pictures.ROOT, "README.md")


def pixels(path):
    return pygame.image.tostring(pygame.image.load(path), "RGB")


@pytest.mark.parametrize("name", sorted(pictures.PICTURES))
def test_a_readme_picture_is_what_its_script_shows(name, tmp_path):
    fresh = tmp_path / (name + ".png")
    pictures.make(name, str(fresh))
    kept = os.path.join(pictures.DOCS, name + ".png")
    assert pixels(kept) == pixels(str(fresh)), \
        "docs/%s.png is out of date: python tools/pictures.py %s" % (name, name)


def test_every_simulator_picture_in_the_readme_has_a_script():
    with open(README) as f:
        shown = set(re.findall(r"\(docs/([a-z0-9_-]+)\.png\)", f.read()))
    made_elsewhere = {"pico-move", "wiring-pico_ref", "wiring-pico_pad"}
    assert shown - made_elsewhere == set(pictures.PICTURES)
