"""``python -m game``: open the main menu, or with a table flag the table itself.

The table flags (``--play``, ``--demo``, ``--seed N``, ``--rules PRESET``, ``--set NAME=VALUE``
(repeatable), ``--bots a,b,c``) go straight to a match: you at the bottom against the bots
(three in a four-seat room), or bots in every seat with ``--demo``. Also ``--menu``, ``--lang
zh|en``, ``--window WxH``, ``--speed``, ``--frames N`` (exit after N frames, print one JSON line
of frame timings), ``--screenshot PATH`` (save the last frame), ``--continue`` (resume the
autosaved match), ``--replay FILE`` (watch a replay), ``--tutorial`` (the guided first hand),
``--about`` (the About screen). Bad flags exit with status 2 and one line saying what is wrong.
``--bots`` takes the registered levels only (a bot named in a file or a flag never makes the
game import other code); ``--window`` is fitted to the screen; ``--screenshot`` must name a
file, not a folder.

A start that fails twice in a row (the game crashed before its first seconds ran) makes the
next one start clean: settings and the match in progress are set aside (kept, not deleted),
the profile's coins and items are untouched, and the player is told
(:class:`game.autosave.StartGuard`).

``--server [SERVER FLAGS]`` runs the dedicated server instead of the game (headless, no
window): the flags after it are ``python -m server``'s (``--host``, ``--port``,
``--announce`` …), so the packaged game serves tables too: ``sichuan-mahjong --server --port
8765``.
"""

from __future__ import annotations

import time

_LAUNCH = time.perf_counter()

import argparse  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries the --frames JSON
import dataclasses  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from typing import TYPE_CHECKING, NoReturn  # noqa: E402

from game.settings import BOT_LEVELS, MIN_H, MIN_W, Settings  # noqa: E402

if TYPE_CHECKING:
    from game.nav import Navigator

PRESET_NAMES = (
    "standard",
    "jj",
    "wiki",
    "chengdu",
    "modern",
    "modern_xueliu",
    "sanren_liangfang",
    "liangren",
)
BOT_NAMES = BOT_LEVELS  # the levels the table plays (settings and autosave hold the same)
SPEED_NAMES = ("slow", "normal", "fast", "instant")


MAX_SIDE = 16384
"""The widest and tallest window SDL opens (a larger one it shrinks to this with a warning; a
headless run, which is not fitted to a screen, then drew every frame at 16384x16384)."""


def _window(text: str) -> tuple[int, int]:
    try:
        w_text, h_text = text.lower().split("x")
        w, h = int(w_text), int(h_text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT like 1280x800, got {text!r}"
        ) from None
    if w < MIN_W or h < MIN_H:
        raise argparse.ArgumentTypeError(f"window {text!r} is smaller than {MIN_W}x{MIN_H}")
    if w > MAX_SIDE or h > MAX_SIDE:
        raise argparse.ArgumentTypeError(
            f"window {text!r} is larger than {MAX_SIDE}x{MAX_SIDE}, the largest window there is"
        )
    return w, h


MAX_SEED = 2**63 - 1  # game.autosave.MAX_SEED: a seed the autosave can hold
MAX_FRAMES = 10**8


def _seed(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}") from None
    if not 0 <= n <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"expected a seed from 0 to {MAX_SEED}")
    return n


def _screenshot(text: str) -> str:
    """A file to save the last frame in: not a folder, not inside a file."""
    import errno
    import tempfile
    from pathlib import Path

    path = Path(text)
    if not text.strip() or text.endswith(("/", "\\")) or path.is_dir():
        raise argparse.ArgumentTypeError(
            f"{text[:80]!r} is a folder: give a file name such as shot.png"
        )
    for parent in path.parents:
        if parent.exists() and not parent.is_dir():
            raise argparse.ArgumentTypeError(f"{str(parent)[:80]!r} is a file, not a folder")
    # the folders missing on the way are made when the frame is saved: the nearest one that
    # is there must take them (the frames were played and then the save failed, a traceback)
    there = next((p for p in path.absolute().parents if p.is_dir()), None)
    try:
        if there is None:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))
        with tempfile.TemporaryFile(dir=there):
            pass
    except OSError as exc:
        where = str(there if there is not None else path.parent)[:80]
        raise argparse.ArgumentTypeError(
            f"cannot save {text[:80]!r}: the folder {where!r} cannot be written "
            f"({exc.strerror or exc})"
        ) from None
    return text


class _Parser(argparse.ArgumentParser):
    """Errors in one line (``python -m game: error: …``) and exit status 2. The line is
    bounded (a refusal quotes what it was given at ~80 characters, :mod:`engine.quote`), but
    long enough for an unknown --set name's list of the valid ones (RULES.md §9.1)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())[:1000]}\n")


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 < n <= MAX_FRAMES:
        raise argparse.ArgumentTypeError(f"expected a number from 1 to {MAX_FRAMES}, got {text!r}")
    return n


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="python -m game",
        description="四川麻将 · 血战到底 — Sichuan Mahjong against bots, offline or with friends.",
    )
    p.add_argument("--play", action="store_true", help="go straight to the table (no menu)")
    p.add_argument("--demo", action="store_true", help="bots play every seat; you watch")
    p.add_argument("--seed", type=_seed, default=None, help="seed of the match (replays exactly)")
    p.add_argument(
        "--rules",
        default=None,
        metavar="PRESET",
        help=f"rule preset: {', '.join(PRESET_NAMES)} (default: standard)",
    )
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        dest="overrides",
        help="change one rule option (repeatable), e.g. --set cap_fan=4",
    )
    p.add_argument(
        "--bots",
        default=None,
        help=f"the bots' levels, one for all or one per bot seat: {', '.join(BOT_NAMES)}",
    )
    p.add_argument(
        "--lang", choices=("zh", "en"), default=None, help="language (default: your settings)"
    )
    p.add_argument(
        "--window",
        type=_window,
        default=None,
        metavar="WxH",
        help=f"window size, {MIN_W}x{MIN_H} to {MAX_SIDE}x{MAX_SIDE}, fitted to the screen "
        "(default: your settings)",
    )
    p.add_argument("--speed", choices=SPEED_NAMES, default=None, help="animation speed")
    p.add_argument(
        "--frames",
        type=_positive,
        default=None,
        metavar="N",
        help="exit after N frames and print one JSON line of frame timings",
    )
    p.add_argument(
        "--screenshot",
        type=_screenshot,
        default=None,
        metavar="FILE",
        help="save the last frame as a PNG (a file, not a folder)",
    )
    p.add_argument("--menu", action="store_true", help="open on the main menu (the default)")
    start = p.add_mutually_exclusive_group()
    start.add_argument(
        "--continue",
        action="store_true",
        dest="resume",
        help="resume the autosaved match at the exact position",
    )
    start.add_argument("--replay", default=None, metavar="FILE", help="watch a replay file")
    start.add_argument("--tutorial", action="store_true", help="play the guided first hand")
    start.add_argument(
        "--about", action="store_true", help="open the About screen (version, licences, saves)"
    )
    p.epilog = (
        "python -m game --server [--host H] [--port P] [--announce] ...: run the dedicated "
        "server for networked tables instead (python -m server --help lists its flags)"
    )
    return p


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = build_parser()
    args = parser.parse_args(argv)
    # a table flag means "play now"; without one the game opens on its main menu
    args.table = bool(
        args.play
        or args.demo
        or args.seed is not None
        or args.rules is not None
        or args.overrides
        or args.bots is not None
    )
    _refuse_conflicts(parser, args)
    args.rules = "standard" if args.rules is None else args.rules
    args.bots = "normal,normal,normal" if args.bots is None else args.bots
    from engine.rules import UnknownOptionError, get_preset
    from game.settings import table_rules

    try:
        rules = get_preset(args.rules)
        if args.overrides:
            rules = rules.with_overrides(list(args.overrides))
        rules = table_rules(rules)
    except UnknownOptionError as exc:
        parser.error(str(exc))
    except ValueError as exc:
        parser.error(f"bad --set value: {exc}")
    bots = tuple(b.strip() for b in args.bots.split(","))
    # one level for every bot, or one per bot seat: the room's (players - 1), or three, of
    # which a short-handed room seats the first (the new-game screen keeps three as well)
    seats = rules.players - 1
    if len(bots) not in {1, seats, 3}:
        counts = {1: "one level", 2: "one or two levels, separated by commas,"}.get(
            seats, "one or three levels, separated by commas,"
        )
        parser.error(
            f"--bots needs {counts} for the {args.rules} room "
            f"({rules.players} players), got {args.bots!r}"
        )
    bots = (bots * 3)[:3] if len(bots) == 1 else (*bots, *(bots[-1],) * (3 - len(bots)))
    for b in bots:
        problem = _bot_problem(b)
        if problem:
            parser.error(f"--bots: {problem}")
    args.bots = bots
    args.rules_obj = rules
    return args


def _refuse_conflicts(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``--play`` and ``--demo`` deal at once: opening on the menu, the autosave, a replay,
    the tutorial or the About screen instead is a contradiction, refused (one of them was
    silently dropped)."""
    table = [flag for flag, on in (("--play", args.play), ("--demo", args.demo)) if on]
    opens = [
        flag
        for flag, on in (
            ("--menu", args.menu),
            ("--continue", args.resume),
            ("--replay", args.replay is not None),
            ("--tutorial", args.tutorial),
            ("--about", args.about),
        )
        if on
    ]
    if table and opens:
        parser.error(
            f"argument {opens[0]}: not allowed with argument {table[0]} ({table[0]} deals "
            "a match at once: give one or the other)"
        )


def _bot_problem(spec: str) -> str | None:
    """Why ``spec`` cannot sit at the table (None: it can). The table plays the registered
    levels; a class named ``package.module:Class`` is never imported from here."""
    if spec in BOT_NAMES:
        return None
    shown = repr(spec[:40])
    if ":" in spec:
        return (
            f"{shown} is a plug-in bot; the table plays the levels {', '.join(BOT_NAMES)} "
            "(a plug-in bot plays in 'python -m engine tournament --challenger "
            "package.module:Class')"
        )
    return f"unknown bot {shown}; valid: {', '.join(BOT_NAMES)}"


def startup_settings(args: argparse.Namespace, saved: Settings) -> Settings:
    """The player's saved settings (language, window, speeds, sound, hints, tile style …) as
    the starting point; flags given on the command line override them for this run only."""
    table_speed = args.speed or ("fast" if args.demo else None)
    started = dataclasses.replace(
        saved,
        lang=args.lang or saved.lang,
        window=args.window or saved.window,
        preset=args.rules if args.table else saved.preset,
        overrides=tuple(args.overrides) if args.table else saved.overrides,
        bots=args.bots if args.table else saved.bots,
        demo=args.demo,
        seed=args.seed,
        speed=table_speed or saved.speed,
        bot_pace=table_speed or saved.bot_pace,
    )
    # what the flags changed is remembered with the saved value: a save (a toolbar toggle,
    # the settings screen) writes the player's own settings back, not this run's flags
    started.run_only = {
        name: (getattr(started, name), getattr(saved, name))
        for name in ("lang", "window", "preset", "overrides", "bots", "speed", "bot_pace")
        if getattr(started, name) != getattr(saved, name)
    }
    return started


def main(argv: Sequence[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()  # the bot worker process in a PyInstaller build
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--server"]:
        from server.__main__ import main as serve

        return serve(argv[1:], prog="python -m game --server")
    args = parse_args(argv)
    from game.app import App, stats_json
    from game.autosave import CLEAN_START, StartGuard, start_clean
    from game.match_config import MatchConfig
    from game.nav import Navigator
    from game.settings import load_settings
    from game.table.bots import bot_pool

    problem = _no_display()
    if problem is not None:  # the machine's, not the game's: no start is counted as failed
        print(f"python -m game: cannot open a window: {problem}", file=sys.stderr)
        return 1
    guard = StartGuard()
    clean = guard.begin()  # the last two starts failed: this one starts clean
    if clean:
        start_clean()
        args.resume, args.replay = False, None
    saved, notice = load_settings()
    settings = startup_settings(args, saved)
    app = App(settings, settings.window)
    app.launch = _LAUNCH
    app.on_healthy = guard.ok
    if clean:
        app.notify(CLEAN_START, 30.0)
    app.notify(notice)  # a damaged settings file was set aside
    nav = Navigator(app)
    if args.menu or args.resume or args.replay or args.tutorial or args.about or not args.table:
        menu = nav.main_menu()
        problem = _open_flow(nav, args)
        if problem is not None:
            menu.show_toast(problem, (255, 190, 140), 8.0)
    else:
        nav.lobby()  # where the table's Menu button leads
        # a match still in progress (the autosave) is asked about first, as from the menu
        nav.new_match(MatchConfig.quick(settings), demo=args.demo, rules=args.rules_obj)
    try:
        stats = app.run(frames=args.frames, screenshot=args.screenshot)
    finally:
        bot_pool().close()
        app.close()
    guard.ok()  # the run ended normally
    if args.frames is not None:
        print(stats_json(stats))
    return 0


def _no_display() -> str | None:
    """Why no window can open here (no display, an unknown SDL_VIDEODRIVER), or None. Asked
    before the start counts: two such starts had the third set the settings and the match
    in progress aside as if the game itself kept crashing."""
    import pygame

    try:
        pygame.display.init()
    except pygame.error as exc:
        hint = "check DISPLAY / WAYLAND_DISPLAY or SDL_VIDEODRIVER"
        return f"{exc} ({hint})"
    return None


def _open_flow(nav: Navigator, args: argparse.Namespace) -> str | None:
    """Over the main menu: resume the autosave, open a replay or start the tutorial.
    Returns what to tell the player when that is impossible (never raises for bad files)."""
    if args.resume:
        return nav.resume()
    if args.replay:
        from engine.replay import ReplayError
        from game.replays import replay_problem

        try:
            nav.watch_replay(args.replay)
        except ReplayError as exc:
            print(f"--replay: {exc}", file=sys.stderr)
            return replay_problem(exc, nav.app.settings.lang, args.replay)
        return None
    if args.tutorial:
        nav.tutorial()
    if args.about:
        nav.about()
    return None


if __name__ == "__main__":
    sys.exit(main())
