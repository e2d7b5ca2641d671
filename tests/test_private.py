"""The user's own folders in the temporary folder (xlsolver/base/private.py): the locks' and numba's cache."""
import os
import stat

import pytest

from xlsolver.base import private

pytestmark = pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")


def test_a_missing_folder_is_made_0700_and_one_already_made_is_taken(tmp_path):
    mine = tmp_path / "mine"
    assert private.own_folder(mine) == mine and stat.S_IMODE(mine.stat().st_mode) == 0o700
    assert private.own_folder(mine) == mine


@pytest.mark.parametrize("planted, problem", [
    ("open to others", "is writable by other users (mode 0777)"),
    ("a link", "is a link"),
    ("a file", "is not a folder"),
    ("under a file", "cannot be made (Not a directory)"),
])
def test_what_another_user_could_have_put_there_is_refused_saying_what_it_is(tmp_path, planted, problem):
    (tmp_path / "mine").mkdir()
    where = tmp_path / "planted"
    if planted == "open to others":
        where.mkdir()
        where.chmod(0o777)
    elif planted == "a link":
        where.symlink_to(tmp_path / "mine")
    elif planted == "a file":
        where.write_text("")
    else:
        (tmp_path / "file").write_text("")
        where = tmp_path / "file" / "below"
    with pytest.raises(private.NotPrivate) as refused:
        private.own_folder(where)
    assert refused.value.problem == problem and str(refused.value) == f"{str(where)!r} {problem}"


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root, to give a folder away")
def test_another_users_folder_is_refused(tmp_path):
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o700)
    os.chown(theirs, 65534, 65534)
    with pytest.raises(private.NotPrivate, match=r"is owned by another user \(uid 65534\)"):
        private.own_folder(theirs)


def test_the_temporary_folder_gets_one_folder_per_name_and_user(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    locks, cache = private.temp_folder("xlsolver"), private.temp_folder("xlsolver-numba")
    assert (locks, cache) == (tmp_path / f"xlsolver-{os.getuid()}", tmp_path / f"xlsolver-numba-{os.getuid()}")
