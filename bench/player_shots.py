"""The web player's figures and screenshots: page weight, time to interactive at 375 px, submit →
chat message p50, and a picture of every genre's player at phone and desktop width.

    PYTHONPATH=. python bench/player_shots.py [--out bench/player] [--solves 20]

Runs the real bot (PTB) against the fake Bot API on 127.0.0.1, the daily puzzle on small corpus
boards (SQLite in a temporary folder), the player's server, and Debian's Chromium through
Playwright (``/usr/bin/chromium``; nothing is downloaded). Writes ``<out>/<genre>-375.png``,
``<out>/<genre>-desktop.png``, ``<out>/masyu-375-ja.png`` and ``<out>/figures.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.registry import GENRES  # noqa: E402
from tests.fake_bot_api import FakeBotApi, FakeUser  # noqa: E402
from tests.test_web_player_browser import draw, group_link, open_player  # noqa: E402
from tests.web_support import CHROMIUM, CHROMIUM_ARGS, init_data, running_bot, strokes, typed  # noqa: E402


async def first_load(browser: Any, url: str, init: str) -> tuple[int, int, float, list[str]]:
    """Bytes of the first load (every response body: decoded, and as sent, gzip and headers
    included) and ms until the player is interactive."""
    context = await browser.new_context(viewport={"width": 375, "height": 740}, device_scale_factor=2)
    page = await context.new_page()
    sizes: dict[str, int] = {}
    wire: dict[str, int] = {}

    async def record(response: Any) -> None:
        sizes[response.url] = len(await response.body())
        sent = await response.request.sizes()
        wire[response.url] = sent["responseBodySize"] + sent["responseHeadersSize"]

    page.on("response", lambda r: asyncio.ensure_future(record(r)))
    from tests.web_support import telegram_stub

    await page.add_init_script(telegram_stub(init))
    await page.goto(url)
    await page.wait_for_selector("body.ready")
    ready = await page.evaluate("window.puzzlePlayer.readyAt")
    await asyncio.sleep(0.2)
    await context.close()
    return sum(sizes.values()), sum(wire.values()), float(ready), sorted(sizes)


def told(chat_id: int, text: str) -> Callable[[Any], bool]:
    """The fake Bot API's call that says ``text`` in the chat."""
    return lambda c: bool(c.chat_id == chat_id and text in c.text)


async def submit_to_chat(api: FakeBotApi, player: Any, daily: Any, group_id: int, solves: int) -> list[float]:
    """Seconds from POST /api/answer to the fake Bot API receiving the solved message, one player each."""
    import aiohttp

    url, stored = await group_link(player, daily, "masyu", group_id)
    token = url.split("chat=")[1].split("&")[0]
    name = f"d{stored.id}"
    out = []
    async with aiohttp.ClientSession() as http:
        for i in range(solves):
            user = FakeUser(1000 + i, f"P{i}")
            body = {"init_data": init_data(user, api.token), "token": token, "puzzle": name,
                    "solution": stored.solution.to_json()}
            t0 = time.perf_counter()
            async with http.post(f"{player.url}/api/answer", json=body) as res:
                assert res.status == 200 and (await res.json())["ok"]
            calls = await api.wait_for(told(group_id, f"{user.first_name} solved it"))
            out.append(calls[0].at - t0)
    return out


async def main(out: Path, solves: int) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    out.mkdir(parents=True, exist_ok=True)
    api = FakeBotApi()
    ann = api.user(11, "Ann")
    group = api.group(-1001)
    figures: dict[str, Any] = {"genres": {}}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            async with running_bot(api, f"sqlite+aiosqlite:///{tmp}/bot.db") as (daily, player), \
                    async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for i, genre in enumerate(GENRES):
                    url, stored = await group_link(player, daily, genre, group.id)
                    init = init_data(api.user(100 + i, "Ann"), api.token)  # one player per genre: no rate limit
                    weight, sent, ready, files = await first_load(browser, url, init)
                    page = await open_player(browser, url, init, width=375)
                    kind = await page.evaluate("JSON.parse(document.getElementById('settings').textContent).kind")
                    solution = stored.solution.to_json()
                    await draw_half(page, kind, solution, stored.rows, stored.cols)
                    await page.click("#check")
                    await page.wait_for_selector("#status.bad, #status.ok")
                    await page.screenshot(path=str(out / f"{genre}-375.png"), full_page=True)
                    await page.context.close()
                    page = await open_player(browser, url, init, width=1280)
                    await draw(page, kind, solution, stored.rows, stored.cols)
                    await page.screenshot(path=str(out / f"{genre}-desktop.png"), full_page=True)
                    await page.context.close()
                    figures["genres"][genre] = {"kind": kind, "size": f"{stored.rows}x{stored.cols}",
                                                "first_load_bytes": weight, "first_load_sent_bytes": sent,
                                                "interactive_ms": round(ready, 1),
                                                "files": len(files)}
                    print(genre, figures["genres"][genre], flush=True)
                url, _ = await group_link(player, daily, "masyu", group.id)
                page = await open_player(browser, url.replace("lang=en", "lang=ja"), init_data(ann, api.token))
                await page.screenshot(path=str(out / "masyu-375-ja.png"), full_page=True)
                await browser.close()
                times = await submit_to_chat(api, player, daily, group.id, solves)
                figures["submit_to_chat_ms"] = {"n": len(times), "p50": round(statistics.median(times) * 1000, 1),
                                                "max": round(max(times) * 1000, 1)}
                print("submit -> chat", figures["submit_to_chat_ms"], flush=True)
    finally:
        api.close()
    (out / "figures.json").write_text(json.dumps(figures, indent=1) + "\n")
    return figures


async def draw_half(page: Any, kind: str, solution: dict[str, Any], rows: int, cols: int) -> None:
    """About half of the answer: half of a loop's first stroke; otherwise the whole answer drawn,
    then half of its steps undone."""
    if kind in ("cell-loop", "edge-loop"):
        await draw_strokes(page, [s[: max(2, len(s) // 2)] for s in strokes(kind, solution)[:1]])
        return
    await draw(page, kind, solution, rows, cols)
    if kind == "number":
        given = await page.evaluate("JSON.parse(document.getElementById('settings').textContent).numbers")
        steps = sum(len(v) for _, v in typed(solution, given))  # one step per digit typed
    elif kind == "loop-shade":
        steps = len(strokes("cell-loop", {"loop": solution["loop"]})) + len(strokes("shade", solution))
    else:
        steps = len(strokes(kind, solution))
    for _ in range(steps // 2):
        await page.click("#undo")


async def draw_strokes(page: Any, strokes_: list[list[tuple[float, float]]]) -> None:
    m = await page.evaluate("(() => { const c = document.getElementById('board').getScreenCTM();"
                            " return [c.a, c.d, c.e, c.f]; })()")
    for stroke in strokes_:
        await page.mouse.move(m[2] + (20 + stroke[0][1] * 40) * m[0], m[3] + (20 + stroke[0][0] * 40) * m[1])
        await page.mouse.down()
        for r, c in stroke[1:]:
            await page.mouse.move(m[2] + (20 + c * 40) * m[0], m[3] + (20 + r * 40) * m[1], steps=3)
        await page.mouse.up()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("bench/player"))
    ap.add_argument("--solves", type=int, default=20)
    a = ap.parse_args()
    asyncio.run(main(a.out, a.solves))
