"""The release: its workflow, the files it packs, the Linux desktop entry, SHA256SUMS.

The workflow cannot run here (it needs GitHub's Windows and macOS runners, an AlmaLinux 8
container and PyPI). What can be checked offline is: it is a valid workflow by GitHub's schema,
every script and flag it (and .ci/run) runs exists, and it keeps the promises of the README:
glibc 2.28 for Linux, two macOS builds, a Windows portable zip, SHA256SUMS, trusted publishing.
"""

from __future__ import annotations

import configparser
import functools
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "build_scripts"
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
CI_RUN = ROOT / ".ci" / "run"
sys.path.insert(0, str(SCRIPTS))

import bundle  # noqa: E402
import check_wheel  # noqa: E402
import package_release  # noqa: E402

posix_only = pytest.mark.skipif(os.name != "posix", reason="runs a POSIX shell script")


@functools.cache
def workflow() -> dict[str, Any]:
    data: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    if True in data:  # YAML 1.1 reads the key `on` as true
        data["on"] = data.pop(True)
    return data


def job(name: str) -> dict[str, Any]:
    jobs: dict[str, dict[str, Any]] = workflow()["jobs"]
    return jobs[name]


def runs(name: str) -> list[str]:
    """The shell commands of a job, one string per step."""
    return [step["run"] for step in job(name)["steps"] if "run" in step]


def step_index(name: str, needle: str) -> int:
    for i, step in enumerate(job(name)["steps"]):
        if needle in str(step.get("run", "")) or needle in str(step.get("uses", "")):
            return i
    raise AssertionError(f"no step of {name} mentions {needle!r}")


# --- the workflow ---------------------------------------------------------------------------


def test_the_workflow_is_valid_by_githubs_schema() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--builtin-schema",
            "vendor.github-workflows",
            str(WORKFLOW),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_it_runs_on_version_tags_only() -> None:
    assert workflow()["on"] == {"push": {"tags": ["v*"]}}


def _script_calls(text: str) -> list[tuple[str, list[str]]]:
    """``python build_scripts/NAME.py --flags ...`` calls in shell text: (name, flags)."""
    text = text.replace("\\\n", " ")  # line continuations
    calls = []
    for match in re.finditer(r"build_scripts/(\w+)\.py([^\n|&;]*)", text):
        calls.append((match.group(1), re.findall(r"(?<![\w-])--[a-z][a-z-]*", match.group(2))))
    return calls


@functools.cache
def _help_text(script: str) -> str:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / f"{script}.py"), "--help"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return done.stdout


def _all_calls() -> list[tuple[str, str, list[str]]]:
    calls = []
    for name in workflow()["jobs"]:
        for text in runs(name):
            calls += [(f"release.yml job {name}", s, f) for s, f in _script_calls(text)]
    ci = CI_RUN.read_text(encoding="utf-8")
    ci_code = "\n".join(line for line in ci.splitlines() if not line.lstrip().startswith("#"))
    calls += [(".ci/run", s, f) for s, f in _script_calls(ci_code)]
    return calls


def test_every_script_and_flag_run_by_the_release_and_ci_exists() -> None:
    calls = _all_calls()
    scripts = {script for _, script, _ in calls}
    assert {"build", "smoke_test", "glibc_floor", "package_release", "check_wheel"} <= scripts
    for where, script, flags in calls:
        assert (SCRIPTS / f"{script}.py").is_file(), f"{where} runs a missing {script}.py"
        help_text = _help_text(script)
        for flag in flags:
            assert re.search(rf"(?<![\w-]){flag}\b", help_text), f"{where}: {script}.py {flag}"


def test_every_action_is_pinned_to_a_release() -> None:
    for name, spec in workflow()["jobs"].items():
        for step in spec["steps"]:
            if "uses" in step:
                action, _, ref = step["uses"].partition("@")
                assert ref, f"job {name} uses {action} without a version"


def test_matrix_values_used_by_a_job_are_defined() -> None:
    for name, spec in workflow()["jobs"].items():
        used = set(re.findall(r"matrix\.(\w+)", yaml.safe_dump(spec)))
        entries = spec.get("strategy", {}).get("matrix", {}).get("include", [])
        for entry in entries:
            assert used <= set(entry), f"job {name}: {used - set(entry)} not in {entry}"
        assert not used or entries, f"job {name} uses matrix values without a matrix"


def test_each_job_checks_the_tag_against_the_version() -> None:
    for name in ("python-dist", "linux", "windows", "macos"):
        assert any('bundle.py --tag "$GITHUB_REF_NAME"' in text for text in runs(name)), name


def test_the_linux_download_is_built_on_glibc_2_28_and_checked() -> None:
    linux = job("linux")
    assert linux["container"] == "almalinux:8"  # glibc 2.28
    assert any("dnf install" in text and "python3.11" in text for text in runs("linux"))
    build = step_index("linux", "build.py --onefile")
    floor = step_index("linux", "glibc_floor.py")
    package = step_index("linux", "package_release.py")
    assert build < floor < package
    assert "--max 2.28" in linux["steps"][floor]["run"]
    assert step_index("linux", "smoke_test.py") < package


def test_windows_ships_the_one_file_exe_and_a_portable_one_folder_zip() -> None:
    text = "\n".join(runs("windows"))
    assert "build.py --onefile --dist dist/onefile" in text
    assert "build.py --onedir --dist dist/onedir" in text
    assert "smoke_test.py dist/onefile/sichuan-mahjong.exe" in text
    assert "smoke_test.py dist/onedir/sichuan-mahjong" in text
    assert "package_release.py --out upload --dist dist" in text


def test_macos_builds_natively_for_intel_and_apple_silicon() -> None:
    macos = job("macos")
    entries = macos["strategy"]["matrix"]["include"]
    assert {entry["arch"] for entry in entries} == {"x86_64", "arm64"}
    runners = {entry["arch"]: entry["runner"] for entry in entries}
    assert "intel" in runners["x86_64"] and runners["arm64"].startswith("macos-")
    assert "intel" not in runners["arm64"]
    assert macos["runs-on"] == "${{ matrix.runner }}"
    assert any("lipo -archs" in text for text in runs("macos"))
    assert "${{ matrix.arch }}" in macos["steps"][-1]["with"]["name"]  # one artifact each


def test_the_release_attaches_every_file_and_their_sha256sums() -> None:
    release = job("release")
    assert set(release["needs"]) == {"python-dist", "linux", "windows", "macos"}
    assert release["permissions"] == {"contents": "write"}
    sums = step_index("release", "package_release.py --checksums upload")
    attach = step_index("release", "softprops/action-gh-release")
    assert sums < attach
    assert release["steps"][attach]["with"]["files"] == "upload/*"
    downloads = [s for s in release["steps"] if "download-artifact" in s.get("uses", "")]
    assert {d["with"].get("pattern") or d["with"].get("name") for d in downloads} == {
        "release-*",
        "python-dist",
    }


def test_pypi_gets_the_sdist_and_the_wheel_by_trusted_publishing_last() -> None:
    pypi = job("pypi")
    assert pypi["needs"] == "release"  # nothing is published unless every download built
    assert pypi["permissions"] == {"id-token": "write"}
    assert pypi["environment"] == "pypi"
    publish = pypi["steps"][step_index("pypi", "pypa/gh-action-pypi-publish")]
    assert not {"password", "user"} & set(publish.get("with", {}))  # no stored token
    dist = job("python-dist")
    assert any("check_wheel.py --dist dist" in text for text in runs("python-dist"))
    uploaded = dist["steps"][step_index("python-dist", "upload-artifact")]["with"]["path"]
    assert "dist/*.tar.gz" in uploaded and "dist/*.whl" in uploaded


def test_only_the_jobs_that_need_it_may_write() -> None:
    assert workflow()["permissions"] == {"contents": "read"}
    writers = {name for name, spec in workflow()["jobs"].items() if "permissions" in spec}
    assert writers == {"release", "pypi"}


def test_ci_checks_the_wheel_and_the_download_then_runs_the_readme_tests() -> None:
    lines = [
        line.strip()
        for line in CI_RUN.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert "python -m pip install -e '.[test,dev]'" in lines
    order = [
        "python build_scripts/check_wheel.py",
        "python build_scripts/build.py --onefile --enforce-budget",
        "python build_scripts/smoke_test.py",
        "python build_scripts/glibc_floor.py dist/sichuan-mahjong",
        "python -m pytest -q -n 2",
    ]
    assert [lines.index(line) for line in order] == sorted(lines.index(line) for line in order)
    assert lines[-1] == "python -m pytest -q -n 2"  # its summary is CI's last line


# --- the tag and the version ----------------------------------------------------------------


def test_the_tag_must_be_v_and_the_version(capsys: Any) -> None:
    version = bundle.read_version()
    assert bundle.check_tag(f"v{version}", version) is None
    assert "does not match" in (bundle.check_tag("v99.0.0", version) or "")
    assert "does not match" in (bundle.check_tag(version, version) or "")  # the v is needed
    assert bundle.main(["--tag", f"v{version}"]) == 0
    assert capsys.readouterr().out.strip() == version
    assert bundle.main(["--tag", "v99.0.0"]) == 1


# --- release files --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("platform", "machine", "stem"),
    [
        ("linux", "x86_64", "sichuan-mahjong-1.2.3-linux-x86_64"),
        ("win32", "AMD64", "sichuan-mahjong-1.2.3-windows-x64"),
        ("darwin", "arm64", "sichuan-mahjong-1.2.3-macos-arm64"),
        ("darwin", "x86_64", "sichuan-mahjong-1.2.3-macos-x86_64"),
        ("linux", "aarch64", "sichuan-mahjong-1.2.3-linux-arm64"),
    ],
)
def test_release_file_names(platform: str, machine: str, stem: str) -> None:
    assert package_release.release_stem("1.2.3", platform, machine) == stem


def test_no_release_files_for_other_systems() -> None:
    with pytest.raises(package_release.PackagingError, match="sunos5"):
        package_release.release_stem("1.2.3", "sunos5", "sparc")


def _fake_onefile(folder: Path) -> Path:
    exe = folder / "sichuan-mahjong"
    exe.write_bytes(b"\x7fELF fake game")
    exe.chmod(0o755)
    return exe


def test_the_linux_archive_holds_the_game_its_menu_entry_icon_and_licences(
    tmp_path: Path,
) -> None:
    icon = tmp_path / "icon.png"
    icon.write_bytes(b"\x89PNG fake")
    target = package_release.linux_archive(
        _fake_onefile(tmp_path), icon, tmp_path, "sichuan-mahjong-1.2.3-linux-x86_64", "sm-1.2.3"
    )
    assert target.name == "sichuan-mahjong-1.2.3-linux-x86_64.tar.gz"
    with tarfile.open(target) as tar:
        members = {m.name: m for m in tar.getmembers()}
    assert set(members) == {
        "sm-1.2.3/sichuan-mahjong",
        "sm-1.2.3/sichuan-mahjong.desktop",
        "sm-1.2.3/sichuan-mahjong.png",
        "sm-1.2.3/install.sh",
        "sm-1.2.3/LICENSE",
        "sm-1.2.3/licenses/font-OFL.txt",
        "sm-1.2.3/licenses/sounds-CC0.txt",
    }
    assert members["sm-1.2.3/sichuan-mahjong"].mode == 0o755
    assert members["sm-1.2.3/install.sh"].mode == 0o755
    assert members["sm-1.2.3/sichuan-mahjong.desktop"].mode == 0o644
    assert all(m.uid == 0 and m.uname == "" for m in members.values())


def test_the_portable_zip_is_the_one_folder_build_in_its_folder(tmp_path: Path) -> None:
    onedir = tmp_path / "sichuan-mahjong"
    (onedir / "_internal" / "game" / "assets").mkdir(parents=True)
    (onedir / "sichuan-mahjong.exe").write_bytes(b"MZ")
    (onedir / "_internal" / "game" / "assets" / "theme.json").write_text("{}", encoding="utf-8")
    target = package_release.portable_zip(onedir, tmp_path, "sichuan-mahjong-1.2.3-windows-x64")
    assert target.name == "sichuan-mahjong-1.2.3-windows-x64-portable.zip"
    with zipfile.ZipFile(target) as zf:
        names = set(zf.namelist())
    assert {
        "sichuan-mahjong/sichuan-mahjong.exe",
        "sichuan-mahjong/_internal/game/assets/theme.json",
        "sichuan-mahjong/LICENSE",
        "sichuan-mahjong/licenses/font-OFL.txt",
    } <= names


def test_packing_without_the_builds_says_how_to_make_them(tmp_path: Path) -> None:
    with pytest.raises(package_release.PackagingError, match=r"build\.py"):
        package_release.package(tmp_path / "dist", tmp_path / "icon", tmp_path / "out", "1.0")


def test_sha256sums_lists_every_file_in_sha256sums_format(tmp_path: Path) -> None:
    (tmp_path / "b.zip").write_bytes(b"bbb")
    (tmp_path / "a.tar.gz").write_bytes(b"a" * 3_000_000)
    (tmp_path / "SHA256SUMS").write_text("stale\n", encoding="utf-8")
    target = package_release.write_checksums(tmp_path)
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines == [
        f"{hashlib.sha256(b'a' * 3_000_000).hexdigest()}  a.tar.gz",
        f"{hashlib.sha256(b'bbb').hexdigest()}  b.zip",
    ]
    if shutil.which("sha256sum"):  # coreutils agrees
        subprocess.run(["sha256sum", "--check", "--quiet", "SHA256SUMS"], cwd=tmp_path, check=True)


def test_sha256sums_of_nothing_is_an_error(tmp_path: Path) -> None:
    assert package_release.main(["--checksums", str(tmp_path)]) == 1


# --- the Linux desktop entry and its installer ----------------------------------------------


def _desktop_entry(path: Path = package_release.DESKTOP_FILE) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    assert parser.sections() == ["Desktop Entry"]  # one group: install.sh relies on it
    return parser["Desktop Entry"]


def test_the_desktop_entry_starts_the_game_with_its_icon() -> None:
    entry = _desktop_entry()
    with (ROOT / "pyproject.toml").open("rb") as f:
        gui_scripts = tomllib.load(f)["project"]["gui-scripts"]
    assert entry["Type"] == "Application"
    assert entry["Exec"] == bundle.APP_NAME and bundle.APP_NAME in gui_scripts
    assert entry["Icon"] == bundle.APP_NAME
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")
    assert entry["Name"] == bundle.APP_TITLE and entry["Name[zh_CN]"] == bundle.APP_TITLE_ZH
    assert entry["Categories"].endswith(";") and entry["Keywords"].endswith(";")


@posix_only
def test_install_sh_adds_and_removes_the_menu_entry(tmp_path: Path) -> None:
    unpacked = tmp_path / "sichuan-mahjong-1.2.3"
    unpacked.mkdir()
    _fake_onefile(unpacked)
    (unpacked / "sichuan-mahjong.png").write_bytes(b"\x89PNG fake")
    for source in (package_release.DESKTOP_FILE, package_release.INSTALL_SCRIPT):
        shutil.copy2(source, unpacked / source.name)
    home = tmp_path / "home dir"  # a space in the path
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    subprocess.run(["sh", str(unpacked / "install.sh")], env=env, check=True, capture_output=True)
    game = home / ".local" / "bin" / "sichuan-mahjong"
    menu = home / ".local" / "share" / "applications" / "sichuan-mahjong.desktop"
    icon = home / ".local" / "share" / "icons" / "hicolor" / "256x256" / "apps"
    assert game.read_bytes() == b"\x7fELF fake game" and os.access(game, os.X_OK)
    assert (icon / "sichuan-mahjong.png").is_file()
    entry = _desktop_entry(menu)
    assert entry["Exec"] == f'"{game}"'  # the full path: works without ~/.local/bin on PATH
    assert entry["Icon"] == "sichuan-mahjong"
    subprocess.run(
        ["sh", str(unpacked / "install.sh"), "--uninstall"],
        env=env,
        check=True,
        capture_output=True,
    )
    assert not game.exists() and not menu.exists() and not (icon / "sichuan-mahjong.png").exists()


# --- check_wheel's own checks ---------------------------------------------------------------


def test_dist_file_names() -> None:
    assert check_wheel.dist_names("1.2.3") == (
        "sichuan_mahjong-1.2.3.tar.gz",
        "sichuan_mahjong-1.2.3-py3-none-any.whl",
    )


def test_check_wheel_names_what_a_wheel_lacks(tmp_path: Path) -> None:
    assets = check_wheel.asset_files()
    wheel = tmp_path / "x.whl"
    with zipfile.ZipFile(wheel, "w") as whl:
        for rel in assets:
            if rel.name != "win.wav":
                whl.writestr(f"game/assets/{rel}", b"")
    assert check_wheel.missing_from_wheel(wheel, assets) == ["game/assets/sounds/win.wav"]


def test_check_wheel_refuses_a_game_imported_from_the_checkout(tmp_path: Path) -> None:
    layout = {
        "purelib": str(tmp_path / "venv" / "site-packages"),
        "game": str(ROOT / "game" / "__init__.py"),
        "assets": str(ROOT / "assets"),
        "fonts": [],
    }
    with pytest.raises(check_wheel.CheckFailed, match="imported from"):
        check_wheel.check_layout(layout, check_wheel.asset_files())
