"""Text in the game font: cached renders, outlines, wrapping, and the words every screen
uses for a seat.

:func:`render_text` / :func:`outlined_text` / :func:`wrap_text` are cached per text, size and
colour (the menus draw every frame); :class:`TextCache` is a scene's own cache (the table
and its overlays keep theirs, cleared with the scene). :func:`seat_label` names a seat as
the table does (你 / 电脑1…, counted from the human), :func:`signed` writes a change in
points or coins ("+1,200", "0"), :func:`button_width` sizes a pygame-gui button for its label.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

import pygame

from game import i18n
from game import palette as pal
from game.fonts import get_font

__all__ = [
    "BUTTON_FONT",
    "MIN_TEXT",
    "SEATS",
    "TextCache",
    "blit_paragraph",
    "blit_text",
    "button_width",
    "clear_caches",
    "elide",
    "elide_names",
    "outlined_text",
    "render_text",
    "seat_label",
    "signed",
    "wrap_text",
    "wrap_to_lines",
    "wrap_unsqueezed",
]

SEATS = 4
Colour = tuple[int, int, int]


@functools.lru_cache(maxsize=1024)
def render_text(text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """``text`` in the game font (cached); never below 11 px, the smallest legible size."""
    return get_font(max(11, size), bold).render(text, True, colour)


@functools.lru_cache(maxsize=64)
def outlined_text(
    text: str, size: int, colour: Colour, outline: Colour, width: int = 2
) -> pygame.Surface:
    """Bold text with an outline and a soft drop shadow (titles)."""
    font = get_font(size, True)
    body = font.render(text, True, colour)
    edge = font.render(text, True, outline)
    w, h = body.get_width() + 2 * width + 4, body.get_height() + 2 * width + 4
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    shadow = font.render(text, True, (0, 0, 0))
    shadow.set_alpha(110)
    out.blit(shadow, (width + 4, width + 4))
    for dx in range(-width, width + 1):
        for dy in range(-width, width + 1):
            if dx * dx + dy * dy <= width * width:
                out.blit(edge, (width + dx, width + dy))
    # a vertical gold gradient over the body
    grad = body.copy()
    top = pal.GOLD_LIGHT if colour == pal.GOLD_LIGHT else colour
    for y in range(grad.get_height()):
        t = y / max(1, grad.get_height() - 1)
        c = (
            round(top[0] + (pal.GOLD[0] - top[0]) * t * 0.8),
            round(top[1] + (pal.GOLD[1] - top[1]) * t * 0.8),
            round(top[2] + (pal.GOLD[2] - top[2]) * t * 0.8),
        )
        pygame.draw.line(grad, (*c, 255), (0, y), (grad.get_width(), y))
    grad.blit(body, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(grad, (width, width))
    return out


def _is_wide(ch: str) -> bool:
    return ord(ch) >= 0x2E80


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels: Latin text breaks at spaces
    and after a hyphen inside a word, CJK text between any two characters (never before a
    closing mark nor after an opening one: 避头尾; never between a number and its measure
    word, nor between a hanzi and the number after it, nor inside a tile's name: "一条",
    "九筒", "幺鸡"); never between an English number and the word after it ("-0.13 pts",
    "3 fan", "1 Dot", "3 Normal bots") where the two fit a line; never before a "·" between
    parts, nor before a signed value that ends one ("3 Dots +1.42 · …"). Cached."""
    return list(_wrap(text, max(11, size), width, bold))


def wrap_to_lines(
    text: str, size: int, width: int, max_lines: int, min_size: int = 11, bold: bool = False
) -> tuple[list[str], int]:
    """``text`` in at most ``max_lines`` lines no wider than ``width``: (lines, font size).
    The font shrinks a pixel at a time down to ``min_size`` until it fits; past that the
    lines are wrapped at the narrowest width that keeps to ``max_lines`` (for
    :func:`blit_text`'s ``max_w`` to squeeze them alike), so no word is ever dropped.
    Cached: a screen that draws it every frame searches once."""
    lines, font = _wrap_to_lines(text, size, width, max_lines, min(size, min_size), bold)
    return list(lines), font


def wrap_unsqueezed(
    text: str, size: int, width: int, max_lines: int, min_size: int = 11, bold: bool = False
) -> tuple[list[str], int]:
    """``text`` in lines no wider than ``width``, each drawn at its natural width: (lines,
    font size). The font shrinks a pixel at a time down to ``min_size`` to keep to
    ``max_lines``; past that the text takes more lines at ``min_size`` rather than be
    squeezed (:func:`wrap_to_lines` widens them for ``blit_text``'s ``max_w`` to narrow: a
    squeezed line reads as broken). Only a word wider than the line is wider."""
    low = max(11, min(size, min_size))
    for s in range(size, low - 1, -1):
        lines = _wrap(text, max(11, s), width, bold)
        if len(lines) <= max_lines:
            return list(lines), s
    return list(_wrap(text, low, width, bold)), low


def one_line_size(
    text: str, size: int, width: int, shrink: int = 2, bold: bool = False
) -> int | None:
    """The largest font size from ``size`` down to ``size - shrink`` (never below 11) at
    which ``text`` fits on one line ``width`` wide; None if none does."""
    for s in range(size, max(11, size - shrink) - 1, -1):
        if get_font(s, bold).size(text)[0] <= width:
            return s
    return None


def common_size(
    labels: Sequence[str], size: int, width: int, bold: bool = True, minimum: int = 11
) -> int | None:
    """The largest font size from ``size`` down to ``minimum`` at which every one of
    ``labels`` fits ``width`` (a row of chips or cells in one size, none squeezed); None
    when even ``minimum`` is too big."""
    for s in range(size, minimum - 1, -1):
        font = get_font(s, bold)
        if all(font.size(label)[0] <= width for label in labels):
            return s
    return None


def fit_text(
    text: str, size: int, width: int, max_lines: int = 2, shrink: int = 2, bold: bool = False
) -> tuple[list[str], int]:
    """``text`` on one line no wider than ``width`` at ``size`` or up to ``shrink`` sizes
    smaller; else in at most ``max_lines`` lines (:func:`wrap_to_lines`): (lines, size)."""
    one = one_line_size(text, size, width, shrink, bold)
    if one is not None:
        return [text], one
    return wrap_to_lines(text, size, width, max_lines, size - shrink, bold)


@functools.lru_cache(maxsize=256)
def _wrap_to_lines(
    text: str, size: int, width: int, max_lines: int, low: int, bold: bool
) -> tuple[tuple[str, ...], int]:
    for s in range(size, low - 1, -1):
        lines = _wrap(text, max(11, s), width, bold)
        if len(lines) <= max_lines:
            return lines, s
    # Each paragraph takes a line of its own however wide the lines are, so a text of more
    # paragraphs than ``max_lines`` keeps them all (no word dropped) rather than widening for
    # ever: the search stops once every paragraph is on one line.
    fewest = max(max_lines, text.count("\n") + 1)
    font = get_font(max(11, low), bold)
    widest = max(font.size(para)[0] for para in text.split("\n"))
    wider = width
    while len(lines) > fewest and wider < widest:  # only the answer is kept in the cache
        wider = min(widest, wider + 2)
        lines = _wrap.__wrapped__(text, max(11, low), wider, bold)
    return lines, low


# 避头尾: a line never starts with a closing mark nor ends with an opening one.
_CLOSING = "，。、；：！？）」』》”’"
_OPENING = "（「『《“‘"
# nor does a line start with the unit of the number before it ("付 3 / 分", "2 / 番")
_UNITS = "分番张局场秒家个人次倍根门币位"
# a number in Chinese text stays with the word before it ("约第 1 至 10 张有 / 2 张" read as
# a typo): no break between a hanzi and the number after it, with or without a space
_NUMBER = re.compile(r"[+\-−]?\d")
# with no unit after it: "29 " of "29 至", "（2 " of "（2 向听）"
_BARE_NUMBER = re.compile(r"[（「『《“‘]*[+\-−]?\d[\d.,]* ?")
_PUNCT = _CLOSING + _OPENING + "、…—·×"
# a file's name ("settings.json.corrupt-20261207T221530Z"): a dot between letters or digits
_FILE_NAME = re.compile(r"\w\.\w")
# a tile's Chinese name is never split ("打一 / 条"): a numeral and the suit after it, 幺鸡
_NUMERALS_ZH = "一二三四五六七八九"
_SUITS_ZH = "万条筒"


def _tile_name(prev: str, ch: str) -> bool:
    """``prev`` then ``ch`` is (the end of) a name never split: a tile's Chinese name
    ("一条", "九筒", "幺鸡") or a bot seat's ("电脑2": the ledger's "…，电 / 脑1付 3 分";
    its number keeps to it as every number keeps to the hanzi before it)."""
    return (prev in _NUMERALS_ZH and ch in _SUITS_ZH) or prev + ch in ("幺鸡", "电脑")


# a signed value ending a "·"-separated part: "discard 3 Dots +1.42 · discard 1 Bamboo +1.15"
_SIGNED = re.compile(r"[+\-−]\d[\d.,]*%? ?")
# in English a number keeps its unit too ("-0.13 / pts" left "pts" alone on a line), and a
# tile's name is never split ("discard 1 / Dot"): a number and the word after it that
# counts or measures something share a line
_LATIN_NUMBER = re.compile(r"[(\[]?[+\-−]?\d[\d.,]*(?:[–-]\d[\d.,]*)?%? ")
_LATIN_UNITS = frozenset({
    "pt", "pts", "point", "points", "fan", "coin", "coins", "px", "s", "tile", "tiles",
    "hand", "hands", "copy", "copies", "Dot", "Dots", "Bamboo", "Bamboos", "Character",
    "Characters", "suit", "suits", "player", "players", "seat", "seats", "step", "steps",
    "decision", "decisions", "mistake", "mistakes", "match", "matches", "kong", "kongs",
    "win", "wins", "letter", "letters", "second", "seconds", "minute", "minutes", "round",
    "rounds", "rollout", "rollouts",
})  # fmt: skip
# any English number keeps the word it counts, unit or not ("against 3 / Normal bots" read
# as a typo): a number ending in a digit, "%" or "×" ("8", "-2", "1,000", "50%", "×2"), not
# one that ends a clause ("3, " / "3. ": the comma or stop is where the line may break)
_LATIN_COUNT = re.compile(r"[(\[]?[+\-−×]?\d(?:[\d.,]*\d)?(?:[–-]\d(?:[\d.,]*\d)?)?[%×]? ")


def _split_long(tokens: list[str], font: pygame.font.Font, width: int) -> list[str]:
    """A word wider than the line that is a path or an address breaks after its slashes
    ("https://creativecommons.org/" "publicdomain/" "zero/1.0/") rather than be squeezed."""
    out: list[str] = []
    for tok in tokens:
        if "/" in tok.strip("/ ") and font.size(tok.rstrip())[0] > width:
            out += [part for part in re.split(r"(?<=/)(?=[^/\s])", tok) if part]
        else:
            out.append(tok)
    return out


def _ends_in_word(token: str) -> bool:
    """``token`` ends with a hanzi that is not a punctuation mark (a word a number may follow)."""
    return bool(token) and _is_wide(token[-1]) and token[-1] not in _PUNCT


def _is_unit(token: str) -> bool:
    """``token`` is an English word that counts or measures the number before it ("pts",
    "Dots;", "coins)")."""
    return token.strip().rstrip(",.;:!?)]…'’") in _LATIN_UNITS


def _is_latin_word(token: str) -> bool:
    """``token`` starts an English word or number ("Normal ", "bots", "(of", "“Pung”",
    "+2", "×4")."""
    first = token.lstrip("([“‘\"'").lstrip("+-−×")[:1]
    return first.isalnum() and not _is_wide(first)


def _is_separator(token: str) -> bool:
    """``token`` is the "·" between the parts of a line ("Step 12 · discard 1 Dot")."""
    return token.strip() == "·"


def _glue_numbers(tokens: list[str]) -> list[list[str]]:
    """``tokens`` in groups that should share a line: a number token (with its unit, "2 张")
    joins the hanzi word before it and the space between ("有", " ", "2 张"), and a number
    with no unit the hanzi after it ("第 29 至 37 张" never ends a line at "29"). In Latin
    text a number joins the word after it, whatever it counts ("-0.13 pts", "1 Dot", "3
    Normal bots"; not after a comma or stop: "3, / then"), and a bot seat's name keeps its
    number ("Bot 2"): a number may still start a line ("Bot 2 pays / 5 points"), and "about
    draws 1–10" may break before the range."""
    groups: list[list[str]] = []
    for tok in tokens:
        prev = groups[-1] if groups else []
        if prev and _LATIN_NUMBER.fullmatch(prev[-1]) and _is_unit(tok):
            prev.append(tok)  # "-0.13 pts", "3 fan", "1 Dot"
            continue
        if prev and _LATIN_COUNT.fullmatch(prev[-1]) and _is_latin_word(tok):
            prev.append(tok)  # "3 Normal bots", "8 hands", "1,000 more"
            continue
        if prev and prev[-1] == "Bot " and tok[:1].isdigit():
            prev.append(tok)  # a bot seat's name, "Bot 2", as 电脑2 in Chinese
            continue
        if prev and _ends_in_word(tok[:1]) and _BARE_NUMBER.fullmatch(prev[-1]):
            prev.append(tok)
            continue
        if _NUMBER.match(tok) and prev:
            if _ends_in_word(prev[-1]):
                prev.append(tok)
                continue
            if prev[-1] == " " and len(prev) > 1 and _ends_in_word(prev[-2]):
                prev.append(tok)
                continue
        if tok == " " and prev and _ends_in_word(prev[-1]):
            prev.append(tok)  # perhaps the space before a number: kept in the group for now
            continue
        groups.append([tok])
    out: list[list[str]] = []
    for group in groups:  # a space that led to no number is a break point again
        if len(group) > 1 and group[-1] == " ":
            out += [group[:-1], [" "]]
        else:
            out.append(group)
    return out


def _glue_parts(groups: list[list[str]]) -> list[list[list[str]]]:
    """``groups`` (:func:`_glue_numbers`) joined further where they can: a "·" between the
    parts of a line ends the line it follows, never starts one ("Step 12 · / discard 1 Dot"),
    in Chinese as in English; a signed value that ends a part keeps to the words before it
    ("discard 3 Dots +1.42 · …" never leaves "+1.42" to the next line)."""
    parted = any(_is_separator("".join(group)) for group in groups)
    out: list[list[list[str]]] = []
    for i, group in enumerate(groups):
        prev = out[-1] if out else []
        if prev and _is_separator("".join(group)):
            if prev == [[" "]] and len(out) > 1:  # "误 · 小": the space goes with the mark
                out.pop()
                group = [" ", *group]
            out[-1].append(group)
            continue
        after = "".join(tok for g in groups[i + 1 : i + 3] for tok in g).lstrip()
        ends_part = i + 1 == len(groups) or after.startswith("·")
        if (
            parted
            and ends_part
            and prev
            and not _is_separator("".join(prev[-1]))
            and len(group) == 1
            and _SIGNED.fullmatch(group[0])
        ):
            prev.append(group)
            continue
        out.append([group])
    return out


def _after_number(token: str) -> bool:
    """``token`` is a number and the space after it ("3 ")."""
    return token.endswith(" ") and token[-2:-1].isdigit()


@functools.lru_cache(maxsize=512)
def _wrap(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    font = get_font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        tokens: list[str] = []
        word = ""
        opening = ""  # opening marks waiting for what they open
        for ch in para:
            glued = tokens and not tokens[-1].endswith(" ")
            if ch in _CLOSING and word and not opening:
                word += ch  # "1）": a Latin word keeps the mark that closes after it
            elif ch in _UNITS and word[-1:].isdigit() and not opening:
                tokens.append(word + ch)  # "2番": a piece of its own, as a hanzi is (what
                word = ""  # follows it may go to the next line: "11×1分" + "×）" at 120 px)
            elif ch in _UNITS and not word and not opening and tokens and _after_number(tokens[-1]):
                tokens[-1] += ch  # "3 分"
            elif not word and not opening and glued and _tile_name(tokens[-1][-1:], ch):
                tokens[-1] += ch  # "一条": the numeral keeps its suit
            elif ch in _CLOSING and not word and not opening and glued:
                # a closing mark stays with what it closes (never starts a line), unless a
                # space stands between them: the space is then where the line may break
                tokens[-1] += ch
            elif ch == "·" and not word and not opening:
                tokens.append(ch)  # "234万·678筒": a part's mark (:func:`_glue_parts`)
            elif ch in _OPENING:
                if word:
                    tokens.append(word)
                    word = ""
                opening += ch
            elif _is_wide(ch):
                if word:
                    tokens.append(word)
                    word = ""
                tokens.append(opening + ch)
                opening = ""
            elif ch == " ":
                tokens.append(opening + word + " ")
                word = opening = ""
            elif ch == "-" and word[-1:].isalpha() and not _FILE_NAME.search(word):
                # "Wind-" may end a line, "-52" never, nor "settings.json.corrupt-": a file's
                # name goes whole to the next line (wider than the line if it must be)
                tokens.append(word + ch)
                word = ""
            else:
                word += opening + ch
                opening = ""
        if word or opening:
            tokens.append(word + opening)
        parts = _glue_parts(_glue_numbers(_split_long(tokens, font, width)))
        rows: list[list[str]] = [[]]
        for tok in _fill_tokens(parts, font, width):
            line = "".join(rows[-1])
            if line and font.size((line + tok).rstrip())[0] > width:
                # 避头尾: a closing mark after a space may not start the line either
                rows.append(_carry_down(rows[-1], [tok.lstrip()], font, width, _starts_closed))
            else:
                rows[-1].append(tok)
        if len(rows) > 1 and _widowed("".join(rows[-1])):
            rows[-1] = _carry_down(rows[-2], rows[-1], font, width, _widowed, keep=2)
        lines += ["".join(row).rstrip() for row in rows]
    return tuple(lines)


def _starts_closed(line: str) -> bool:
    """``line`` would start with a closing mark (避头尾: "，" or "）" never starts a line)."""
    return line.lstrip()[:1] in _CLOSING


def _widowed(line: str) -> bool:
    """``line`` holds a single hanzi, perhaps with the marks that close after it ("胡。"):
    Chinese typesetting never ends a paragraph so (a widow, 孤字)."""
    core = line.strip().rstrip(_CLOSING)
    return len(core) == 1 and _is_wide(core) and core not in _PUNCT


def _carry_down(
    row: list[str],
    rest: list[str],
    font: pygame.font.Font,
    width: int,
    bad: Callable[[str], bool],
    keep: int = 1,
) -> list[str]:
    """The next line, ``rest``, with as few of ``row``'s last pieces (taken off ``row``) as
    make it not ``bad``; ``row`` keeps at least ``keep`` characters and the next line stays
    within ``width`` — else ``rest`` as it was, ``row`` untouched."""
    moved: list[str] = []
    while bad("".join(moved + rest)):
        while row and not row[-1].strip():
            moved.insert(0, row.pop())  # the spaces between go down with the piece
        if not row:
            break
        moved.insert(0, row.pop())
        left = "".join(row).strip()
        down = "".join(moved + rest).strip()
        if len(left.replace(" ", "")) < keep or font.size(down)[0] > width:
            break
    else:
        if moved:
            moved[0] = moved[0].lstrip()
        return [piece for piece in moved + rest if piece]
    row += moved  # no way round it: the line as the width gave it
    return rest


def _fill_tokens(parts: list[list[list[str]]], font: pygame.font.Font, width: int) -> list[str]:
    """The tokens to lay into lines: each glued part (:func:`_glue_parts`) as one; one wider
    than the line as its groups, a "·" with the group before it where the two fit; a group
    wider than the line as its tokens (as before the glue)."""
    out: list[str] = []

    def fits(text: str) -> bool:
        return font.size(text.strip())[0] <= width

    for part in parts:
        joined = "".join(tok for group in part for tok in group)
        if fits(joined):
            out.append(joined)
            continue
        pieces: list[str] = []
        for group in part:
            text = "".join(group)
            if _is_separator(text) and pieces and fits(pieces[-1] + text):
                pieces[-1] += text
            elif len(group) == 1 or fits(text):
                pieces.append(text)
            else:
                pieces += group
        out += pieces
    return out


def blit_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    pos: tuple[int, int],
    anchor: str = "topleft",
    bold: bool = False,
    max_w: int | None = None,
) -> pygame.Rect:
    """Draw one line of text anchored at ``pos``; shrunk to ``max_w`` if wider."""
    img = render_text(text, size, colour, bold)
    if max_w is not None and img.get_width() > max_w > 0:
        scale = max_w / img.get_width()
        img = pygame.transform.smoothscale(img, (max_w, max(1, round(img.get_height() * scale))))
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def blit_paragraph(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    rect: pygame.Rect,
    line_gap: float = 1.35,
    bold: bool = False,
) -> int:
    """Wrapped text inside ``rect`` (clipped); returns the height used."""
    y = rect.y
    step = round(size * line_gap)
    for line in wrap_text(text, size, rect.w, bold):
        if y + step > rect.bottom + step // 3:
            break
        surface.blit(render_text(line, size, colour, bold), (rect.x, y))
        y += step
    return y - rect.y


class TextCache:
    """Rendered text surfaces by (text, size, colour, bold)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}

    def get(
        self, text: str, size: int, colour: Sequence[int] = pal.IVORY_TEXT, bold: bool = False
    ) -> pygame.Surface:
        key = (text, size, tuple(colour), bold)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 600:
                self._cache.clear()
            surf = get_font(size, bold).render(text, True, colour)
            self._cache[key] = surf
        return surf

    def outlined(
        self, text: str, size: int, colour: Sequence[int], outline: Sequence[int] = (0, 0, 0)
    ) -> pygame.Surface:
        key = ("\0o" + text, size, (*colour, *outline), True)
        surf = self._cache.get(key)
        if surf is None:
            inner = get_font(size, True).render(text, True, colour)
            edge = get_font(size, True).render(text, True, outline)
            d = max(2, size // 14)
            surf = pygame.Surface(
                (inner.get_width() + 2 * d, inner.get_height() + 2 * d), pygame.SRCALPHA
            )
            for dx in (-d, 0, d):
                for dy in (-d, 0, d):
                    if dx or dy:
                        surf.blit(edge, (d + dx, d + dy))
            surf.blit(inner, (d, d))
            self._cache[key] = surf
        return surf


def clear_caches() -> None:
    """Forget the cached renders (their fonts die with ``pygame.quit()``)."""
    render_text.cache_clear()
    outlined_text.cache_clear()
    _wrap.cache_clear()


def seat_label(seat: int, human: int | None, lang: str, players: int = SEATS) -> str:
    """你 / You for the human's seat, else 电脑N / Bot N counted from the human round the
    table's ``players`` seats (in a demo, from seat 0): at a two-seat table the other
    player is Bot 1 whichever seat the human has."""
    if human is not None and seat == human:
        return i18n.t("seat.you", lang)
    n = (seat - human) % players if human is not None else seat + 1
    return i18n.t("seat.bot", lang, n=n)


def signed(value: int) -> str:
    """A change in points or coins as every screen writes it: with its sign and thousands'
    commas, "+1,200" or "-30"; none is "0" (a zero has no sign: "+0" read as a gain)."""
    return f"{value:+,d}" if value else "0"


BUTTON_FONT = 17  # the theme's button font size (assets/theme.json, "button")
MIN_TEXT = 12  # px: no word a player must read is drawn smaller, at any window size


def button_width(label: str, size: int = BUTTON_FONT) -> int:
    """Width a pygame-gui button needs for ``label`` in the theme's bold font."""
    return get_font(size, True).size(label)[0] + 30


def elide_names(
    names: Sequence[str],
    fits: Callable[[list[str]], bool],
    lang: str,
    measure: Callable[[str], int] = len,
) -> list[str]:
    """``names`` cut short, the widest by ``measure`` first (say, pixels: a hanzi is twice
    a Latin letter) and a character at a time, each with an ellipsis, until ``fits`` takes
    them (or each is down to one character): a short name beside a long one stays whole.
    The ellipsis is "…" in Chinese and "..." in English: the font draws "…" at mid-height,
    as Chinese sets it, where English puts its dots on the line."""
    mark = "…" if lang == "zh" else "..."
    keep = [len(n) for n in names]

    def shown() -> list[str]:
        return [
            n if k >= len(n) else n[:k].rstrip() + mark for n, k in zip(names, keep, strict=True)
        ]

    out = shown()
    while not fits(out):
        cuttable = [i for i, k in enumerate(keep) if k > 1]
        if not cuttable:
            break
        keep[max(cuttable, key=lambda i: measure(out[i]))] -= 1
        out = shown()
    return out


@functools.lru_cache(maxsize=256)
def elide(text: str, size: int, width: int, lang: str, bold: bool = False) -> str:
    """``text`` whole if it is no wider than ``width`` pixels, else cut short with an
    ellipsis (:func:`elide_names`) to fit. Cached: a screen may ask every frame."""
    font = get_font(size, bold)
    return elide_names([text], lambda t: font.size(t[0])[0] <= width, lang)[0]
