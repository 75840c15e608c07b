"""Dog Eat Dog's trades and rare decisions at /play, in a real browser against a real server: the
browser plays Ann, the test plays Bob and Cy over HTTP. Ann builds trades of her own in the
page's trade builder (a refusal told in plain words, an offer accepted, one rejected, one
withdrawn, a counter-offer), and answers Bob's offers by clicking (one accepted, one rejected);
she moves a kickback to her Swiss account ([VAR-KICKBACK]), invokes her law against Cy ([LAW-
OWNED]), makes a sealed bid ([VAR-AUCTION-SEALED]), breaches a law ([HONOUR-BREACH]) and walks
out of a strike, each by clicking. Every time the page
shows what the API's state says. Each game is set up over HTTP from a seed to the decision the
test is about, with no bots, so nothing moves but what the test sends or clicks. Screenshots
land in test-artifacts/screenshots/.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.conftest import DESKTOP, SCREENSHOTS, Browser
from tests.patience import PATIENCE

SEED = "trades"  # Ann (seat 0) runs Goo Pont Plastics, Bob Dk Mart, Cy Georgia Horrific
#: With Old Boys Network Ann is dealt the Labor Arbitrator (Severance Pay Act: firing costs $2M a
#: worker) and is asked whether to invoke it when Cy, first on turn, comes to hire or fire.
LAW_SEED = "b"
#: The Severance Pay Act's fee per worker fired.
SEVERANCE = 2
#: With sealed auctions, Bob is the first offered a square (A, after about eighty quiet moves).
AUCTION_SEED = "a"
#: With the honour system Ann, first on turn, is asked to pay her wages under the public Minimum
#: Wage Act ($2M a worker instead of $1M).
HONOUR_SEED = "d"
NAMES = ("Ann", "Bob", "Cy")
ANN, BOB, CY = 0, 1, 2
#: The move every seat the test drives takes when it is not the point: the one that passes.
QUIET = ("pass", "let_pass", "keep_staff", "stop_selling", "stop_producing", "stop_exploiting", "decline_bribe")
#: With the short game's settings Ann lands on Strike in her second turn (136 quiet moves in).
STRIKE_SEED = "f"
#: The most moves a set-up plays (four to Ann's first window; 136 to her strike).
MOST_SETUP_MOVES = 160

PHONE = ViewportSize(width=390, height=844)
#: The status of a move the rules refuse: the browser logs the failed request as an error.
REFUSED = 409

Json = dict[str, Any]


@dataclass
class Table:
    """A started game, and every seat's token: the browser holds Ann's, the test acts for all."""

    client: httpx.Client
    game_id: str
    tokens: list[str]

    def view(self, seat: int = ANN) -> Json:
        answer = self.client.get(f"/games/{self.game_id}", headers=self.bearer(seat))
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def bearer(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def act(self, seat: int, action: Json) -> Json:
        answer = self.client.post(f"/games/{self.game_id}/actions", headers=self.bearer(seat), json={"action": action})
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def awaited(self) -> tuple[int, str]:
        decision = self.view()["awaiting"][0]
        return decision["seat"], decision["kind"]

    def play_quietly_until(self, wanted: Callable[[int, str], bool]) -> None:
        """Every seat asked takes its quiet move (else its first listed one) until ``wanted``
        says of the seat asked and its decision."""
        seen = self.view()  # a view, or the last act's answer: the actor's view after it
        for _ in range(MOST_SETUP_MOVES):
            decision = seen["awaiting"][0]
            seat, kind = decision["seat"], decision["kind"]
            if wanted(seat, kind):
                return
            asked = seen if seen["viewer"] == seat else self.view(seat)
            listed = [request["action"] for request in asked["actions"]]
            seen = self.act(seat, next((action for action in listed if action["kind"] in QUIET), listed[0]))
        raise AssertionError(f"not reached within {MOST_SETUP_MOVES} moves")

    def seat(self, seat: int) -> Json:
        return dict(self.view()["seats"][seat])

    def events_of(self, kind: str) -> list[Json]:
        answer = self.client.get(f"/games/{self.game_id}/events", params={"limit": 500}, headers=self.bearer(ANN))
        return [event for event in answer.json()["events"] if event["type"] == f"dogeatdog.{kind}"]


@pytest.fixture
def http(browser: Browser) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=browser.server.url, timeout=PATIENCE) as client:
        yield client


def new_table(client: httpx.Client, seed: str, **variants: bool) -> Table:
    """A short game (six rounds, $100M) of three with ``variants``, started."""
    settings = {"target": 100, "round_limit": 6, **variants}
    created = client.post("/games", json={"ruleset": "dogeatdog", "players": 3, "seed": seed, "settings": settings}).json()
    game_id = created["game_id"]
    tokens = [client.post(f"/games/{game_id}/players", json={"name": name}).json()["token"] for name in NAMES]
    started = client.post(f"/games/{game_id}/start", headers={"Authorization": f"Bearer {created['host_token']}"})
    assert started.status_code == 200, started.text
    return Table(client, game_id, tokens)


def asked(who: int, kind: str) -> Callable[[int, str], bool]:
    return lambda seat, decision: (seat, decision) == (who, kind)


@pytest.fixture
def table(http: httpx.Client) -> Table:
    """The standard short game at Ann's first open window."""
    table = new_table(http, SEED)
    table.play_quietly_until(asked(ANN, "window"))
    return table


def open_as_ann(browser: Browser, table: Table) -> Page:
    """The page with Ann's seat remembered in this browser, as when she took it here."""
    page = browser.page
    seat = {"token": table.tokens[ANN], "seat": ANN, "name": "Ann", "ruleset": "dogeatdog", "saved": 1}
    page.add_init_script(f"localStorage.setItem({json.dumps('dodgecity.game.' + table.game_id)}, {json.dumps(json.dumps(seat))});")
    browser.open(f"#/game/{table.game_id}")
    page.locator("#game-screen[data-status='running'][data-ruleset='dogeatdog']").wait_for()
    return page


def click_and_wait(page: Page, name: str) -> None:
    """Click the move button ``name`` and wait until the page shows the game it made."""
    version = page.locator("#game-screen").get_attribute("data-version")
    page.locator("#move-buttons").get_by_role("button", name=name, exact=True).click()
    page.locator(f"#game-screen:not([data-version='{version}'])[aria-busy='false']").wait_for()


def shows_version(page: Page, table: Table) -> None:
    """Wait until the page shows the game as the API has it now."""
    page.locator(f"#game-screen[data-version='{table.view()['version']}'][aria-busy='false']").wait_for()


def goods_words(goods: Json) -> str:
    """A seat's goods as the divisions panel words them ("1 chemicals, 2 oil")."""
    held = [f"{count} {good}" for good, count in goods.items() if count > 0]
    return ", ".join(held) or "none"


def expect_accounts(page: Page, table: Table, seat: int) -> None:
    """The page's corporate account and goods of ``seat`` are the API's."""
    api = table.seat(seat)
    division = page.locator(f"#dogeatdog-seats li.division[data-seat='{seat}']")
    expect(division.locator("[data-fact='corporate']")).to_have_text(f"${api['corporate']}M")
    expect(division.locator("[data-fact='goods']")).to_have_text(goods_words(api["goods"]))


@pytest.mark.rule("TRADE-PROPOSE")
@pytest.mark.rule("TRADE-ACCEPT")
@pytest.mark.rule("OFFER-WITHDRAW")
def test_given_an_open_window_when_ann_builds_trades_in_the_page_then_bob_and_cy_answer_them_and_the_page_shows_what_moved(
    browser: Browser, table: Table
) -> None:
    page = open_as_ann(browser, table)
    panel = page.locator("#dogeatdog-trade-panel")
    expect(panel).to_be_visible()
    ann_before, bob_before = table.seat(ANN), table.seat(BOB)

    # More money than she holds: the server refuses, the page says why in words, nothing recorded.
    page.select_option("#dogeatdog-trade-to", str(BOB))
    expect(panel.locator("fieldset[data-side='asks'] legend")).to_have_text("Bob gives you")
    panel.locator("[data-key='gives:money']").fill("999")
    panel.locator("[data-key='asks:good:oil']").select_option("1")
    expect(page.locator("#dogeatdog-trade-summary")).to_have_text("You offer Bob $999M for 1 oil.")
    version = table.view()["version"]
    panel.get_by_role("button", name="Propose this trade").click()
    expect(page.locator("#dogeatdog-trade-refusal")).to_have_text(
        f"Not sent: you offered $999M, but your corporate account holds ${ann_before['corporate']}M."
    )
    expect(page.locator("#problem")).to_have_attribute("data-rule", "TRADE-PROPOSE")
    assert table.view()["version"] == version
    page.screenshot(path=SCREENSHOTS / "dogeatdog-trade-1-refused.png", full_page=True)
    page.set_viewport_size(PHONE)  # the builder fits a phone's width
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    panel.screenshot(path=SCREENSHOTS / "dogeatdog-trade-1-refused-390.png")
    page.set_viewport_size(DESKTOP)

    # $3M for Bob's oil: sent, shown as open; Bob accepts over HTTP and the page shows the goods moved.
    panel.locator("[data-key='gives:money']").fill("3")
    expect(page.locator("#dogeatdog-trade-summary")).to_have_text("You offer Bob $3M for 1 oil.")
    panel.get_by_role("button", name="Propose this trade").click()
    expect(panel.locator(".trade-open")).to_contain_text("Your offer to Bob is open: you give $3M and get 1 oil.")
    expect(page.locator("#move-title")).to_have_text("Bob's move")
    [offer] = table.view()["offers"]
    assert (offer["proposer"], offer["recipient"]) == (ANN, BOB)
    assert (offer["proposer_gives"]["money"], offer["recipient_gives"]["goods"]) == (3, [["oil", 1]])
    page.screenshot(path=SCREENSHOTS / "dogeatdog-trade-2-open.png", full_page=True)
    table.act(BOB, {"kind": "answer_offer", "offer": offer["id"], "accept": True})
    shows_version(page, table)
    expect(page.locator("#log")).to_contain_text(f"Trade {offer['id']} was accepted and made.")
    ann_after, bob_after = table.seat(ANN), table.seat(BOB)
    assert ann_after["corporate"] == ann_before["corporate"] - 3
    assert ann_after["goods"]["oil"] == ann_before["goods"]["oil"] + 1
    assert bob_after["corporate"] == bob_before["corporate"] + 3
    expect_accounts(page, table, ANN)
    expect_accounts(page, table, BOB)

    # Asked again in the window: 1 chemicals for Cy's timber; Cy rejects, nothing moves.
    table.play_quietly_until(asked(ANN, "window"))
    shows_version(page, table)
    page.select_option("#dogeatdog-trade-to", str(CY))
    panel.locator("[data-key='gives:good:chemicals']").select_option("1")
    panel.locator("[data-key='asks:good:timber']").select_option("1")
    panel.locator("[data-key='trade:note']").fill("Fair swap")
    panel.get_by_role("button", name="Propose this trade").click()
    expect(panel.locator(".trade-open")).to_contain_text("Your offer to Cy is open: you give 1 chemicals and get 1 timber.")
    [offer] = table.view()["offers"]
    assert offer["note"] == "Fair swap"
    before = table.view()["seats"]
    table.act(CY, {"kind": "answer_offer", "offer": offer["id"], "accept": False})
    shows_version(page, table)
    expect(page.locator("#log")).to_contain_text(f"Trade {offer['id']} was rejected.")
    after = table.view()["seats"]
    assert [(s["corporate"], s["goods"]) for s in after] == [(s["corporate"], s["goods"]) for s in before]
    expect_accounts(page, table, ANN)
    expect_accounts(page, table, CY)

    # Her third proposal of the window, taken back by clicking before Bob answers.
    table.play_quietly_until(asked(ANN, "window"))
    shows_version(page, table)
    page.select_option("#dogeatdog-trade-to", str(BOB))
    panel.locator("[data-key='asks:money']").fill("1")
    panel.get_by_role("button", name="Propose this trade").click()
    expect(panel.locator(".trade-open")).to_contain_text("Your offer to Bob is open: you give nothing and get $1M.")
    # Focus was on the button that sent it: a keyboard user lands on the one that takes it back.
    expect(panel.get_by_role("button", name="Withdraw your offer")).to_be_focused()
    panel.get_by_role("button", name="Withdraw your offer").click()
    expect(page.locator("#log")).to_contain_text("was withdrawn.")
    assert table.view()["offers"] == []
    assert len(table.events_of("TradeWithdrawn")) == 1
    # The one refusal the page met, and nothing else went wrong.
    assert browser.errors == [f"console: Failed to load resource: the server responded with a status of {REFUSED} (Conflict)"]


@pytest.mark.rule("TRADE-ANSWER")
@pytest.mark.rule("OFFER-ANSWER")
def test_given_bob_offers_ann_trades_over_http_when_she_clicks_accept_then_reject_then_the_page_and_the_api_agree(
    browser: Browser, table: Table
) -> None:
    page = open_as_ann(browser, table)
    click_and_wait(page, "Pass")
    table.play_quietly_until(asked(BOB, "window"))
    ann_before, bob_before = table.seat(ANN), table.seat(BOB)

    # Bob offers his oil for $2M: the page asks her in words, and her click accepts it.
    table.act(BOB, {"kind": "propose_trade", "to": ANN, "gives": {"goods": [["oil", 1]]}, "asks": {"money": 2}, "note": "Cheap oil"})
    shows_version(page, table)
    expect(page.locator("#move-title")).to_have_text("Your move")
    expect(page.locator("#move-what")).to_contain_text(
        "You must answer Bob's trade offer: you would get 1 oil and give $2M (“Cheap oil”); accept or reject it."
    )
    # She may counter instead: the builder offers only Bob.
    expect(page.locator("#dogeatdog-trade-to option")).to_have_text(["Bob"])
    page.screenshot(path=SCREENSHOTS / "dogeatdog-trade-3-asked.png", full_page=True)
    click_and_wait(page, "Accept the trade: get 1 oil, give $2M")
    expect(page.locator("#log")).to_contain_text("was accepted and made.")
    shows_version(page, table)
    ann_after, bob_after = table.seat(ANN), table.seat(BOB)
    assert (ann_after["corporate"], ann_after["goods"]["oil"]) == (ann_before["corporate"] - 2, ann_before["goods"]["oil"] + 1)
    assert (bob_after["corporate"], bob_after["goods"].get("oil", 0)) == (bob_before["corporate"] + 2, bob_before["goods"]["oil"] - 1)
    expect_accounts(page, table, ANN)
    expect_accounts(page, table, BOB)

    # The window goes round to Bob again; he asks $2M for her chemicals, and her click rejects it.
    table.play_quietly_until(asked(ANN, "window"))
    shows_version(page, table)
    click_and_wait(page, "Pass")
    table.play_quietly_until(asked(BOB, "window"))
    table.act(BOB, {"kind": "propose_trade", "to": ANN, "gives": {"money": 2}, "asks": {"goods": [["chemicals", 1]]}})
    shows_version(page, table)
    expect(page.locator("#move-what")).to_contain_text("you would get $2M and give 1 chemicals")
    before = table.view()["seats"]
    click_and_wait(page, "Reject the trade: keep 1 chemicals")
    expect(page.locator("#log")).to_contain_text("was rejected.")
    shows_version(page, table)
    assert [(s["corporate"], s["goods"]) for s in table.view()["seats"]] == [(s["corporate"], s["goods"]) for s in before]
    assert len(table.events_of("TradeAccepted")) == 1
    assert len(table.events_of("TradeRejected")) == 1
    expect_accounts(page, table, ANN)
    assert browser.errors == []


@pytest.mark.rule("TRADE-COUNT")
def test_given_bob_offers_ann_a_trade_when_she_sends_a_counter_offer_from_the_builder_then_his_lapses_and_hers_is_answered(
    browser: Browser, table: Table
) -> None:
    page = open_as_ann(browser, table)
    click_and_wait(page, "Pass")
    table.play_quietly_until(asked(BOB, "window"))
    table.act(BOB, {"kind": "propose_trade", "to": ANN, "gives": {"goods": [["oil", 1]]}, "asks": {"money": 3}})
    [his] = table.view()["offers"]
    shows_version(page, table)
    expect(page.locator("#move-what")).to_contain_text("Or make a counter-offer under Trade.")

    panel = page.locator("#dogeatdog-trade-panel")
    expect(page.locator("#dogeatdog-trade-to")).to_be_disabled()  # a counter-offer goes to Bob alone
    panel.locator("[data-key='gives:money']").fill("1")
    panel.locator("[data-key='asks:good:oil']").select_option("1")
    panel.get_by_role("button", name="Send the counter-offer").click()
    expect(panel.locator(".trade-open")).to_contain_text("Your offer to Bob is open: you give $1M and get 1 oil.")
    assert [event["offer"] for event in table.events_of("TradeLapsed")] == [his["id"]]
    [mine] = table.view()["offers"]
    assert (mine["proposer"], mine["recipient"], mine["proposer_gives"]["money"]) == (ANN, BOB, 1)

    before = table.seat(ANN)
    table.act(BOB, {"kind": "answer_offer", "offer": mine["id"], "accept": True})
    shows_version(page, table)
    after = table.seat(ANN)
    assert (after["corporate"], after["goods"]["oil"]) == (before["corporate"] - 1, before["goods"]["oil"] + 1)
    expect_accounts(page, table, ANN)
    expect_accounts(page, table, BOB)
    assert browser.errors == []


@pytest.mark.rule("VAR-KICKBACK")
def test_given_the_kickback_variant_when_ann_accepts_money_for_goods_then_she_moves_it_to_her_swiss_account_by_clicking(
    browser: Browser, http: httpx.Client
) -> None:
    table = new_table(http, SEED, kickback=True)
    table.play_quietly_until(asked(ANN, "window"))
    page = open_as_ann(browser, table)
    click_and_wait(page, "Pass")
    table.play_quietly_until(asked(BOB, "window"))
    table.act(BOB, {"kind": "propose_trade", "to": ANN, "gives": {"money": 2}, "asks": {"goods": [["chemicals", 1]]}})
    shows_version(page, table)
    before = table.seat(ANN)

    click_and_wait(page, "Accept the trade: get $2M, give 1 chemicals")
    expect(page.locator("#move-what")).to_have_text(
        "You must decide how much of the money you just received from other players goes to your Swiss account"
        " instead of your corporate account (at most $2M), or none."
    )
    page.screenshot(path=SCREENSHOTS / "dogeatdog-trade-4-kickback.png", full_page=True)
    page.locator("#move-buttons").get_by_role("button", name="Move money to your Swiss account …").click()
    version = page.locator("#game-screen").get_attribute("data-version")
    page.locator("#choices").get_by_role("button", name="Move $2M to your Swiss account", exact=True).click()
    page.locator(f"#game-screen:not([data-version='{version}'])[aria-busy='false']").wait_for()

    after = table.seat(ANN)
    assert (after["swiss"], after["corporate"]) == (before["swiss"] + 2, before["corporate"])
    me = page.locator("#dogeatdog-seats li.division.me")
    expect(me.locator("[data-fact='swiss']")).to_have_text(f"${after['swiss']}M")
    expect(me.locator("[data-fact='corporate']")).to_have_text(f"${after['corporate']}M")
    assert [(event["seat"], event["amount"]) for event in table.events_of("KickbackTaken")] == [(ANN, 2)]
    assert browser.errors == []


@pytest.mark.rule("LAW-OWNED")
@pytest.mark.rule("BRIBE-RESULT")
def test_given_old_boys_when_ann_is_asked_about_her_law_then_her_click_invokes_it_against_cy_and_it_applies(
    browser: Browser, http: httpx.Client
) -> None:
    table = new_table(http, LAW_SEED, old_boys=True)
    table.play_quietly_until(asked(ANN, "invoke"))
    assert table.seat(ANN)["officials"] == ["CO3"]
    assert table.view()["turn"]["seat"] == CY
    page = open_as_ann(browser, table)
    expect(page.locator("#move-what")).to_contain_text(
        "You must decide whether to invoke your Severance Pay Act (Labor Arbitrator: Firing costs $2M per worker fired"
        " (normally free).) against Cy; if invoked, Cy may first try to bribe Labor Arbitrator away from you"
    )
    page.screenshot(path=SCREENSHOTS / "dogeatdog-law-1-invoke.png", full_page=True)

    click_and_wait(page, "Invoke it against Cy")
    [invoked] = table.events_of("LawInvoked")
    assert (invoked["seat"], invoked["card"], invoked["target"], invoked["standing"]) == (ANN, "CO3", CY, False)
    # The bribery chain: Cy is asked first, and the page says so; Cy declines over HTTP.
    expect(page.locator("#move-title")).to_have_text("Cy's move")
    expect(page.locator("#move-what")).to_contain_text("Cy must decide whether to bribe Labor Arbitrator (Severance Pay Act)")
    table.act(CY, {"kind": "decline_bribe"})
    [resolved] = table.events_of("InvocationResolved")
    assert (resolved["target"], resolved["applies"]) == (CY, True)
    shows_version(page, table)
    expect(page.locator("#log")).to_contain_text("Labor Arbitrator's law applied to Cy for the rest of his turn.")

    # Firing, normally free, costs Cy the law's fee this turn; the page shows his account.
    before = table.seat(CY)
    table.act(CY, {"kind": "fire", "count": 1})
    shows_version(page, table)
    assert table.seat(CY)["corporate"] == before["corporate"] - SEVERANCE
    expect_accounts(page, table, CY)
    assert browser.errors == []


@pytest.mark.rule("VAR-AUCTION-SEALED")
def test_given_sealed_auctions_when_bob_auctions_a_square_then_ann_bids_by_clicking_and_wins_it_as_the_api_says(
    browser: Browser, http: httpx.Client
) -> None:
    table = new_table(http, AUCTION_SEED, auction_sealed=True)
    table.play_quietly_until(asked(BOB, "acquisition"))
    table.act(BOB, {"kind": "open_auction", "square": "A"})
    table.act(BOB, {"kind": "sealed_bid", "amount": 3})
    table.act(CY, {"kind": "sealed_bid", "amount": 0})
    before = table.seat(ANN)
    page = open_as_ann(browser, table)
    expect(page.locator("#move-what")).to_contain_text(
        "You must make one sealed bid for square A: nobody sees the bids until all are in, the highest wins and pays it"
    )
    # Bob's $3M is secret until all are in: the page says who is still to bid, not what was bid.
    turn = page.locator("#dogeatdog-turn")
    expect(turn).to_contain_text("Auction of square A: sealed bids, secret until all are in; still to bid: Ann.")
    expect(turn).not_to_contain_text("$3M")
    page.screenshot(path=SCREENSHOTS / "dogeatdog-auction-1-sealed.png", full_page=True)

    page.locator("#move-buttons").get_by_role("button", name="Make a sealed bid …").click()
    version = page.locator("#game-screen").get_attribute("data-version")
    page.locator("#choices").get_by_role("button", name="Bid $5M sealed", exact=True).click()
    page.locator(f"#game-screen:not([data-version='{version}'])[aria-busy='false']").wait_for()

    [won] = table.events_of("AuctionWon")
    assert (won["seat"], won["square"], won["amount"]) == (ANN, "A", 5)
    [revealed] = table.events_of("SealedBidsRevealed")
    assert sorted(map(tuple, revealed["bids"])) == [(ANN, 5), (BOB, 3), (CY, 0)]
    after = table.seat(ANN)
    assert after["corporate"] == before["corporate"] - 5 - won["fee"]
    assert after["squares"] == [*before["squares"], "A"]
    shows_version(page, table)
    me = page.locator("#dogeatdog-seats li.division.me")
    expect(me.locator("[data-fact='squares']")).to_have_text(", ".join(f"square {square}" for square in after["squares"]))
    expect(me.locator("[data-fact='corporate']")).to_have_text(f"${after['corporate']}M")
    expect(page.locator("#dogeatdog-board li.square[data-square='A']")).to_have_attribute("data-controller", str(ANN))
    assert browser.errors == []


@pytest.mark.rule("HONOUR-BREACH")
def test_given_the_honour_system_when_ann_breaches_the_minimum_wage_act_by_clicking_then_she_pays_the_lawful_wages_and_sees_her_violation(
    browser: Browser, http: httpx.Client
) -> None:
    table = new_table(http, HONOUR_SEED, honour=True)
    table.play_quietly_until(asked(ANN, "comply"))
    before = table.seat(ANN)
    page = open_as_ann(browser, table)
    expect(page.locator("#move-what")).to_contain_text(
        "You must comply with the Minimum Wage Act (Payroll costs $2M per worker instead of $1M.) or breach it"
        " (pay as if there were no such law); a breach is recorded as a violation that any other player may denounce"
    )
    me = page.locator("#dogeatdog-seats li.division.me")
    expect(me.locator("[data-fact='violations']")).to_have_count(0)

    click_and_wait(page, "Breach the law")
    [asked_of_her] = table.events_of("ComplianceAsked")
    assert (asked_of_her["rule"], asked_of_her["due"], asked_of_her["lawful"]) == ("CO1", 4, 2)
    after = table.seat(ANN)
    assert after["corporate"] == before["corporate"] - asked_of_her["lawful"]
    assert after["violations"] == [["CO1", 1, asked_of_her["due"] - asked_of_her["lawful"]]]
    expect(me.locator("[data-fact='violations']")).to_have_text("Minimum Wage Act in turn 1, $2M short")
    expect(me.locator("[data-fact='corporate']")).to_have_text(f"${after['corporate']}M")
    # Her violation is hers alone to see ([SEE-PRIVATE]).
    assert table.view(BOB)["seats"][ANN]["violations"] is None
    page.screenshot(path=SCREENSHOTS / "dogeatdog-honour-1-breached.png", full_page=True)
    assert browser.errors == []


@pytest.mark.rule("SPACE-STRIKE")
def test_given_ann_lands_on_strike_when_she_clicks_walk_out_then_she_pays_no_wages_this_turn_as_the_api_says(
    browser: Browser, http: httpx.Client
) -> None:
    table = new_table(http, STRIKE_SEED)
    table.play_quietly_until(asked(ANN, "strike"))
    before = table.seat(ANN)
    assert before["workers"] > 0
    page = open_as_ann(browser, table)
    expect(page.locator("#move-what")).to_contain_text("You must end the strike: settle (double wages) or walk out (no wages, no work).")

    click_and_wait(page, "Walk out: no wages, no work this turn")
    [ended] = table.events_of("StrikeEnded")
    assert (ended["seat"], ended["choice"]) == (ANN, "walkout")
    expect(page.locator("#dogeatdog-turn")).to_contain_text("Strike: Ann walked out: no wages and no work this turn.")
    # Her payroll passes with no wages paid: the hire step comes, her account as it was.
    table.play_quietly_until(asked(ANN, "staff"))
    paid = [
        event
        for event in table.events_of("WagesPaid")
        if event["seat"] == ANN and event["originator_version"] > ended["originator_version"]
    ]
    assert [event["amount"] for event in paid if event["amount"]] == []
    assert table.seat(ANN)["corporate"] == before["corporate"]
    shows_version(page, table)
    expect_accounts(page, table, ANN)
    assert browser.errors == []
