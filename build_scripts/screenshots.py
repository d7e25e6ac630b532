"""Take the game's screenshots: every screen, both languages, both reference window sizes.

    python build_scripts/screenshots.py [--out screenshots] [--lang zh,en]
                                        [--window 1280x800,1024x640] [--seed 7]
    python build_scripts/screenshots.py --docs     # refresh docs/screenshots/ in one go

The game runs headless (SDL's dummy drivers) through its real code paths: the main menu is
opened as ``python -m game --menu`` opens it and every screen after that is reached by
posting real pygame events (clicks, keys) and stepping the app's frame loop. The human seat
is played by a ``normal`` bot whose choices are posted as the clicks and keys a person would
use. Animations run at the ``instant`` speed and every frame is stepped with a clock that
stands still (``dt`` 0), so the same seed gives the same pictures pixel for pixel; what the
bots' worker process answers only decides *when* a position is reached, never what it shows.
Saves live in a throw-away data folder, so a fresh profile (1,000 coins, one of each item)
is on every screen. The friends' lobby is reached by hosting a table on 127.0.0.1 only (a
free port, unannounced): nothing is opened to the network.

Writes ``<out>/<screen>_<W>x<H>_<lang>.png`` and prints one line per file. Exit 0, or 1 when
a screen could not be reached (the message names it).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

MAX_FRAMES = 6_000  # frames to wait for one position before giving up
SIZES = ((1280, 800), (1024, 640))
DOCS_SIZES = ((1024, 640), (1920, 1080))
DOCS_ROOMS_SIZE = (1280, 800)  # the short-handed tables the README shows


class ScreenNotReached(RuntimeError):
    """A screen the script walks to did not appear; the message says which."""


class Driver:
    """One app, stepped frame by frame with a standing clock, fed posted pygame events."""

    def __init__(self, app: Any, out: Path, suffix: str) -> None:
        self.app = app
        self.out = out
        self.suffix = suffix
        self.written: list[Path] = []

    # --- time and input ---------------------------------------------------------------

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(0.0)

    def until(
        self, what: str, done: Callable[[], bool], act: Callable[[], None] | None = None
    ) -> None:
        """Step until ``done()``; ``act()`` runs before each frame (e.g. the human's move)."""
        for _ in range(MAX_FRAMES):
            if done():
                return
            if act is not None:
                act()
            self.step()
        raise ScreenNotReached(f"{what}: not reached after {MAX_FRAMES} frames")

    @staticmethod
    def post(kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def move(self, pos: tuple[int, int]) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))

    def click(self, pos: tuple[int, int], frames: int = 2) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.move(pos)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.step(frames)

    def key(self, key: int, frames: int = 2) -> None:
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            self.post(kind, key=key, mod=0, unicode="", scancode=0)
        self.step(frames)

    # --- what is on screen ------------------------------------------------------------

    @property
    def top(self) -> Any:
        return self.app.stack.top

    def top_is(self, name: str) -> bool:
        return type(self.top).__name__ == name

    def control(self, name: str) -> Any:
        for c in getattr(self.top, "controls", ()):
            if c.name == name:
                return c
        raise ScreenNotReached(f"no control {name!r} on {type(self.top).__name__}")

    def click_control(self, name: str) -> None:
        self.click(self.control(name).rect.center)

    def shot(self, screen: str, quiet: bool = False) -> None:
        """Save the frame as ``screen``; ``quiet``: not yet reported (it may be taken again)."""
        self.move((2, 2))  # the pointer off every control: no hover highlight
        self.step(2)
        path = self.out / f"{screen}_{self.suffix}.png"
        pygame.image.save(self.app.screen, str(path))
        if not quiet:
            self.report(screen)

    def report(self, screen: str) -> None:
        path = self.out / f"{screen}_{self.suffix}.png"
        self.written.append(path)
        print(path)


# --- the game's own entry points ---------------------------------------------------------


@contextmanager
def game_app(lang: str, window: tuple[int, int], seed: int, flags: Sequence[str]) -> Iterator[Any]:
    """An App started as ``python -m game <flags>`` starts it, in a fresh data folder."""
    with tempfile.TemporaryDirectory(prefix="mahjong-shots-") as home:
        os.environ["SICHUAN_MAHJONG_HOME"] = home
        from game.__main__ import parse_args, startup_settings
        from game.app import App
        from game.nav import Navigator
        from game.settings import Settings
        from game.table.bots import bot_pool
        from game.ui.draw import clear_caches

        argv = [*flags, "--lang", lang, "--window", f"{window[0]}x{window[1]}"]
        argv += ["--seed", str(seed), "--speed", "instant"]
        args = parse_args(argv)
        settings = startup_settings(args, Settings(lang=lang))
        app = App(settings, settings.window)
        try:
            yield Navigator(app), args
        finally:
            bot_pool().close()
            app.close()
            clear_caches()


def open_menu(nav: Any, args: Any) -> None:
    nav.main_menu()


def open_play(nav: Any, args: Any) -> None:
    """``python -m game --demo``: the lobby under a table of four bots."""
    from game.match_config import MatchConfig

    nav.lobby()
    nav.start_match(MatchConfig.quick(nav.app.settings), demo=args.demo, rules=args.rules_obj)


# --- the table ----------------------------------------------------------------------------


def table_of(app: Any) -> Any:
    from game.table.scene import TableScene

    for scene in reversed(app.stack.scenes):
        if isinstance(scene, TableScene):
            return scene
    return None


def is_table(scene: Any, kind: str) -> bool:
    from game.table.scene import TableScene

    return isinstance(scene, TableScene) and scene.kind.value == kind


def others_chosen(table: Any) -> bool:
    """Every seat but the human's has made its 换三张/定缺 choice. The bots choose in worker
    threads, so a picture taken before they have would say "choosing…" at some seats on one
    run and "chosen" on the next."""
    model = table.model
    return all(seat == model.human for seat in model.driver.round.pending_seats())


def coach_of(table: Any) -> Any:
    from game.table.tutorial_coach import TutorialCoach

    return table.overlay(TutorialCoach)


def prompt_open(table: Any) -> bool:
    """The 乾坤大挪移 question is open (the player holds one; asked before each deal)."""
    return bool(table.held)


def decline_qian_kun(d: Driver, table: Any) -> None:
    from game.table.items import ItemsOverlay

    items = table.overlay(ItemsOverlay)
    d.click(items.bar.prompt_button(False))


def open_pause(d: Driver) -> None:
    """Esc, or when Esc only puts claim buttons away (a kong offered in one's own turn) the
    toolbar's Menu button."""
    d.key(pygame.K_ESCAPE)
    if not d.top_is("PauseScene"):
        click_toolbar(d, "menu")
    if not d.top_is("PauseScene"):
        raise ScreenNotReached("pause: neither Esc nor Menu opened the pause menu")


def click_toolbar(d: Driver, name: str) -> None:
    from game.table.buttons import ToolbarItem

    rect = table_of(d.app).toolbar.rect_of(ToolbarItem(name))
    d.click(rect.center)


class Human:
    """The human seat, played by a ``normal`` bot through posted clicks and keys."""

    def __init__(self, driver: Driver) -> None:
        from engine.bots import load_bot

        self.d = driver
        self.bot = load_bot("normal", 12345)

    def table(self) -> Any:
        return table_of(self.d.app)

    def legal(self) -> list[Any]:
        table = self.table()
        if table is None or self.d.top is not table or table.animating:
            return []
        return list(table.model.legal)

    def may_claim(self) -> bool:
        from engine.round import ActionKind

        kinds = {ActionKind.PONG, ActionKind.EXPOSED_KONG, ActionKind.ADDED_KONG}
        kinds |= {ActionKind.CONCEALED_KONG, ActionKind.WIN}
        return any(a.kind in kinds for a in self.legal())

    def may_discard(self) -> bool:
        from engine.round import ActionKind

        return any(a.kind is ActionKind.DISCARD for a in self.legal())

    def play(self) -> None:
        """Post the input for one move of the human, if the human is to move."""
        from engine.round import ActionKind

        table = self.table()
        if table is not None and self.d.top is table and prompt_open(table):
            decline_qian_kun(self.d, table)
            return
        legal = [a for a in self.legal() if a.kind is not ActionKind.USE_ITEM]
        if not legal:
            return
        view = table.driver.round.view(table.model.human)
        action = self.bot.choose(view, legal)
        kind = action.kind
        if kind is ActionKind.DISCARD:
            slot = next(s for s in reversed(table.model.slots) if s.kind == action.tile)
            self.d.click(slot.rect.center, frames=1)
        elif kind is ActionKind.DECLARE_VOID:
            self.d.click(table.claim_rect(action).center, frames=1)
        elif kind is ActionKind.WIN:
            self.d.key(pygame.K_h, frames=1)
        elif kind is ActionKind.PONG:
            self.d.key(pygame.K_p, frames=1)
        elif kind in (ActionKind.EXPOSED_KONG, ActionKind.ADDED_KONG, ActionKind.CONCEALED_KONG):
            first = next(a for a in legal if a.kind is kind)
            if first == action:
                self.d.key(pygame.K_k, frames=1)
            else:
                self.d.key(pygame.K_ESCAPE, frames=1)
        elif kind is ActionKind.EXCHANGE_THREE:
            self.d.key(pygame.K_RETURN, frames=1)  # the suggested three
        else:
            self.d.key(pygame.K_ESCAPE, frames=1)


# --- the walk through the game -----------------------------------------------------------


def menus(d: Driver) -> None:
    d.until("main menu", lambda: d.top_is("MainMenuScene"))
    d.shot("menu")
    for name, screen in (
        ("new", "new_game"),
        ("shop", "shop"),
        ("stats", "stats"),
        ("settings", "settings"),
    ):
        d.click_control(name)
        d.until(screen, lambda: not d.top_is("MainMenuScene"))
        d.shot(screen)
        d.key(pygame.K_ESCAPE)
        d.until("main menu again", lambda: d.top_is("MainMenuScene"))
    d.click_control("friends")
    d.until("play with friends", lambda: d.top_is("FriendsScene"))
    d.shot("friends")
    d.click_control("host")  # the host screen opens no server until its button is pressed
    d.until("host a table", lambda: d.top_is("HostScene"))
    d.shot("host")
    friends_lobby(d)
    d.key(pygame.K_ESCAPE)
    d.until("play with friends again", lambda: d.top_is("FriendsScene"))
    d.key(pygame.K_ESCAPE)
    d.until("main menu after friends", lambda: d.top_is("MainMenuScene"))
    d.click_control("help")
    d.until("help", lambda: d.top_is("HelpScene"))
    tabs = d.control("tabs")
    for tab in ("rules", "gallery", "calc"):
        d.click(tabs.cell_of(tab).center)
        d.shot(f"help_{tab}")
    d.click(tabs.cell_of("rules").center)
    d.click_control("tutorial")
    d.until("tutorial", lambda: is_table(d.top, "tutorial"))
    d.until("the tutorial's bots' voids, under the first message", lambda: others_chosen(d.top))
    d.shot("tutorial_intro")
    d.click(d.top.layout.center)  # the first lesson step is a message: a click goes on
    d.until("tutorial void step", lambda: coach_of(d.top).index == 1 and bool(d.top.model.legal))
    d.until("the tutorial's bots' voids", lambda: others_chosen(d.top))
    d.shot("tutorial_void")
    click_toolbar(d, "menu")  # the tutorial's Menu button pauses it, as Esc does
    d.until("the tutorial's pause", lambda: d.top_is("PauseScene"))
    d.click_control("leave")  # and Leave ends the lesson, asking nothing
    d.until("help after the tutorial", lambda: d.top_is("HelpScene"))
    d.key(pygame.K_ESCAPE)
    d.until("main menu after help", lambda: d.top_is("MainMenuScene"))


def host_on_loopback(nav: Any) -> None:
    """The tables the Host screen opens listen on 127.0.0.1 only, on a free port, and are not
    announced on the local network: taking pictures opens nothing to the network. The lobby
    looks as a host's does (its addresses are this computer's, as the game lists them)."""
    import dataclasses

    host_table = nav.host_table

    def on_loopback(spec: Any) -> Any:
        return host_table(dataclasses.replace(spec, host="127.0.0.1", port=0, announce=False))

    nav.host_table = on_loopback


def friends_lobby(d: Driver) -> None:
    """From the Host screen, Open the table (:func:`host_on_loopback`): the lobby waiting for
    friends, with its room code; then Leave (only bots at it: at once), back to the Host
    screen. The server and the connection run in threads: each frame waits a little, and
    MAX_FRAMES bounds the wait (about 30 s)."""
    d.click_control("go")
    d.until("the friends' lobby", lambda: d.top_is("NetLobbyScene"))
    lobby = d.top

    def seated() -> bool:  # the room is known and this game sits at it, its Start offered
        return lobby.session.joined and lobby.start_button is not None

    d.until("the hosted table's room", seated, lambda: time.sleep(0.005))
    d.step(3)
    d.shot("lobby_host")
    d.key(pygame.K_ESCAPE)  # Leave
    d.until("the Host screen after the lobby", lambda: d.top_is("HostScene"))


def match(d: Driver) -> None:
    human = Human(d)
    d.click_control("quick")
    d.until("table", lambda: human.table() is not None)
    table = human.table()
    d.until("void choice", lambda: bool(human.legal()))
    d.until("the bots' voids", lambda: others_chosen(table))
    d.shot("table_void")
    claimed = False
    mid = False

    def mid_hand() -> bool:
        return table.model.view.wall_remaining <= 50 and human.may_discard()

    def act() -> None:
        nonlocal claimed, mid
        if not claimed and human.may_claim():
            d.shot("table_claim")
            claimed = True
        if not mid and mid_hand():
            d.shot("table_mid")
            mid = True
            open_pause(d)
            d.shot("pause")
            d.key(pygame.K_ESCAPE)
            d.until("table after pause", lambda: d.top is table)
        human.play()

    d.until("settlement", lambda: d.top_is("SettlementScene"), act)
    d.step(3)
    d.shot("settlement")
    d.key(pygame.K_RETURN)  # the next hand
    # 乾坤大挪移 is asked before a deal from the player's second hand on (a new player's
    # first hand goes straight to the table)
    d.until("hand 2's 乾坤大挪移 question", lambda: prompt_open(table_of(d.app) or table))
    d.shot("table_qiankun")
    decline_qian_kun(d, table_of(d.app))
    d.until("hand 2", lambda: table_of(d.app) is not table and human.may_discard(), human.play)
    open_pause(d)
    d.click_control("leave")
    d.shot("pause_leave")
    d.click_control("yes")
    d.until("walk-out settlement", lambda: d.top_is("SettlementScene"))
    d.step(3)
    d.shot("settlement_walkout")
    d.key(pygame.K_RETURN)
    d.until("match end", lambda: d.top_is("MatchEndScene"))
    # Each hand is reviewed (复盘) in the background: its figures show once every review is in.
    from game.review import review_worker

    d.until(
        "the match's reviews",
        lambda: all(job.finished for job in review_worker().jobs.values()),
        lambda: time.sleep(0.005),
    )
    d.shot("match_end")
    d.click_control("menu")
    d.until("main menu after the match", lambda: d.top_is("MainMenuScene"))


def replays(d: Driver) -> None:
    d.click_control("replays")
    d.until("replay list", lambda: d.top_is("ReplayListScene"))
    d.shot("replays")  # NB: shows the date each replay was saved
    d.click_control("row1")  # the first hand (newest first)
    d.until("replay viewer", lambda: is_table(d.top, "replay"))
    for _ in range(40):
        d.key(pygame.K_RIGHT, frames=1)
    d.step(3)
    d.shot("replay_viewer")
    # 复盘: the review of the player's decisions along the replay, at its first mistake
    from game.review import review_worker
    from game.table.review_panel import ReviewPanel

    panel = d.top.overlay(ReviewPanel)
    if panel is None:
        raise ScreenNotReached("the replay viewer has no review panel")
    start = next(el for el, name in panel.buttons.items() if name == "start")
    d.click(start.rect.center)
    d.until(
        "the hand's review",
        lambda: all(job.finished for job in review_worker().jobs.values()),
        lambda: time.sleep(0.005),
    )
    d.step(3)
    following = [el for el, name in panel.buttons.items() if name == "next"]
    if following:  # to the first decision it would have made otherwise
        d.click(following[0].rect.center)
        d.step(3)
    d.shot("replay_review")


ROOMS = (("sanren_liangfang", "3p"), ("liangren", "2p"))
"""The short-handed rooms shot at their own tables: preset and the tag in the file names."""


def short_handed(d: Driver, tag: str) -> None:
    """A three- or two-seat table (``--play --rules ...``): mid-hand and its settlement."""
    human = Human(d)
    d.until("table", lambda: human.table() is not None)
    table = human.table()
    rules = table.driver.rules
    live = rules.num_tiles - (13 * rules.players + 1)  # the wall after the deal
    shots = 0
    done = False

    def act() -> None:
        nonlocal shots, done
        # the human to discard, until half the live wall is drawn (a two-seat hand may end
        # sooner: its last such moment is kept)
        if not done and human.may_discard():
            d.shot(f"table_{tag}_mid", quiet=True)
            shots += 1
            done = table.model.view.wall_remaining <= live // 2
        human.play()

    d.until("settlement", lambda: d.top_is("SettlementScene"), act)
    d.step(3)
    if not shots:
        raise ScreenNotReached(f"{tag}: the human never discarded")
    d.report(f"table_{tag}_mid")
    d.shot(f"settlement_{tag}")


def lobby(d: Driver) -> None:
    """``--demo``: four bots, and the lobby the table's Menu button leads to."""
    table = table_of(d.app)
    d.until("demo table", lambda: table.model.view.wall_remaining <= 60)
    click_toolbar(d, "menu")
    d.until("lobby", lambda: d.top_is("StartScene"))
    d.shot("start")


def docs(d: Driver) -> None:
    """``--docs``: the table of a 血流成河 match with the tile tracker on — mid-hand, a claim
    window with the hovered button's preview, the settlement at its top and scrolled to the
    end (every hand laid open)."""
    human = Human(d)
    d.app.settings.tile_tracker = True
    table = human.table()
    d.until("table", lambda: table is not None and (prompt_open(table) or bool(human.legal())))
    if prompt_open(table):
        decline_qian_kun(d, table)
    claimed = False
    mid = False

    def act() -> None:
        nonlocal claimed, mid
        legal = human.legal()
        if not claimed and human.may_claim():
            first = next(a for a in legal if table.claim_rect(a) is not None)
            d.move(table.claim_rect(first).center)
            d.step(2)
            path = d.out / f"table_claim_{d.suffix}.png"
            pygame.image.save(d.app.screen, str(path))
            d.written.append(path)
            print(path)
            claimed = True
        if not mid and table.model.view.wall_remaining <= 40 and human.may_discard():
            d.shot("table_mid")
            mid = True
        human.play()

    d.until("settlement", lambda: d.top_is("SettlementScene"), act)
    d.step(3)
    d.shot("settlement")
    settlement = d.top
    settlement.scroll_to(settlement.max_scroll)
    d.shot("settlement_end")


def run_docs(out: Path, seed: int) -> int:
    """Refresh the documentation's screenshots: the table, a claim and a 血流 settlement in
    zh and en at 1024×640 and 1920×1080, and the three- and two-seat tables at 1280×800."""
    out.mkdir(parents=True, exist_ok=True)
    if run(out, ("zh", "en"), [DOCS_ROOMS_SIZE], seed, rooms_only=True):
        return 1
    for window in DOCS_SIZES:
        for lang in ("zh", "en"):
            suffix = f"{window[0]}x{window[1]}_{lang}"
            try:
                flags = ["--play", "--rules", "modern_xueliu", "--bots", "greedy"]
                with game_app(lang, window, seed, flags) as (nav, args):
                    open_play(nav, args)
                    docs(Driver(nav.app, out, suffix))
            except ScreenNotReached as exc:
                print(f"screenshots ({suffix}): {exc}", file=sys.stderr)
                return 1
    return 0


def run(
    out: Path,
    langs: Sequence[str],
    windows: Sequence[tuple[int, int]],
    seed: int,
    rooms_only: bool = False,
) -> int:
    out.mkdir(parents=True, exist_ok=True)
    for window in windows:
        for lang in langs:
            suffix = f"{window[0]}x{window[1]}_{lang}"
            try:
                for preset, tag in ROOMS:
                    with game_app(lang, window, seed, ["--play", "--rules", preset]) as (
                        nav,
                        args,
                    ):
                        open_play(nav, args)
                        short_handed(Driver(nav.app, out, suffix), tag)
                if rooms_only:
                    continue
                with game_app(lang, window, seed, ["--menu"]) as (nav, args):
                    open_menu(nav, args)
                    host_on_loopback(nav)
                    d = Driver(nav.app, out, suffix)
                    menus(d)
                    match(d)
                    replays(d)
                with game_app(lang, window, seed, ["--demo"]) as (nav, args):
                    open_play(nav, args)
                    lobby(Driver(nav.app, out, suffix))
            except ScreenNotReached as exc:
                print(f"screenshots ({suffix}): {exc}", file=sys.stderr)
                return 1
    return 0


def _windows(text: str) -> list[tuple[int, int]]:
    """``1280x800,1024x640``: each size as ``python -m game --window`` takes it."""
    from game.__main__ import _window

    return [_window(part.strip()) for part in text.split(",")]


def _langs(text: str) -> list[str]:
    langs = [part.strip() for part in text.split(",")]
    unknown = [lang for lang in langs if lang not in LANGS]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown language {unknown[0]!r}; valid: {', '.join(LANGS)}, comma-separated"
        )
    return langs


def _seed(text: str) -> int:
    from game.__main__ import _seed as game_seed

    return game_seed(text)


LANGS = ("zh", "en")


class _Parser(argparse.ArgumentParser):
    """A refused flag is one line and exit status 2, without argparse's usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def _writable_folder(out: Path) -> str | None:
    """Why no screenshot can be written into ``out`` (made if missing), or None."""
    if out.exists() and not out.is_dir():
        return f"--out {str(out)!r} is a file, not a folder"
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as exc:
        return f"--out {str(out)!r} cannot be written: {exc.strerror or exc}"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    p = _Parser(prog="python build_scripts/screenshots.py", description=__doc__.splitlines()[0])
    p.add_argument(
        "--out",
        type=Path,
        default=None,
        help="where to write (default: screenshots/, or docs/screenshots/ with --docs)",
    )
    p.add_argument(
        "--lang", type=_langs, default=list(LANGS), help="languages, comma-separated: zh,en"
    )
    p.add_argument(
        "--window",
        type=_windows,
        default=list(SIZES),
        help="window sizes, comma-separated, each at least 1024x640, e.g. 1280x800,1024x640",
    )
    p.add_argument("--seed", type=_seed, default=7, help="seed of the match played (default 7)")
    p.add_argument("--rooms-only", action="store_true", help="only the three- and two-seat tables")
    p.add_argument(
        "--docs",
        action="store_true",
        help="refresh docs/screenshots/: the table, a claim with its preview and a 血流 "
        "settlement (top and end), zh and en, 1024x640 and 1920x1080; the three- and "
        "two-seat tables and their settlements at 1280x800",
    )
    args = p.parse_args(argv)
    problem = _writable_folder(
        args.out or (ROOT / "docs" / "screenshots" if args.docs else ROOT / "screenshots")
    )
    if problem is not None:
        p.error(problem)
    if args.docs:  # --out, from a script or the command line, wins over docs/screenshots
        return run_docs(args.out or ROOT / "docs" / "screenshots", args.seed)
    out = args.out or ROOT / "screenshots"
    return run(out, args.lang, args.window, args.seed, args.rooms_only)


if __name__ == "__main__":
    sys.exit(main())
