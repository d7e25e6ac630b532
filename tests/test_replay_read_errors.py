"""A replay that cannot be read says why in plain words, naming the file once: a file that
is not UTF-8 printed Python's codec message, and a missing one repeated its path."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.replay import ReplayError
from game.replays import load_replay


def test_a_file_that_is_not_utf8_text_says_so(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_bytes(b"\xff\xfe{not json")
    with pytest.raises(ReplayError) as caught:
        load_replay(path)
    assert str(caught.value) == f"cannot read {path}: not UTF-8 text"
    assert caught.value.kind == "unreadable"


def test_a_missing_file_is_named_once(tmp_path: Path) -> None:
    path = tmp_path / "gone.json"
    with pytest.raises(ReplayError) as caught:
        load_replay(path)
    message = str(caught.value)
    assert message.count(str(path)) == 1
    assert message.endswith("No such file or directory")
