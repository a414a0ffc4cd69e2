"""Every race's ability (rulebook "Appendix: Player Races", "Expansion Pack One")."""

from __future__ import annotations

from engine.dragon_brew.estate import book_limit, max_beers
from engine.dragon_brew.judging import characteristic
from engine.dragon_brew.player import OWN, USED
from engine.dragon_brew.table import SHADOW, SPRING
from tests.dragon_brew.helpers import act, add_card, brew, goods, holding, ids, pool, slot, start, to_fall
from tests.dragon_brew.test_dragon_brew_fall_winter import judges, winter_of


def test_centaur_horse_guests_use_the_goblins_black_market() -> None:
    """Rulebook: "the Centaur player activates his Horse Guests card to use the Goblin player's Black
    Market card.
    The Centaur player puts his brewer on the Horse Guest card and takes the Goblin Black Market action."."""
    state = start("centaurs", "goblins", "human")
    goods(state, 0, gold=0)
    guests = slot(state, 0, "horse_guests")
    market = slot(state, 1, "black_market")
    act(state, f"assign:{guests}.own", f"use:1.{market}")
    assert state.players[0].estate[guests][OWN] == 1 and state.players[1].estate[market][OWN] == 0
    cost_free = ids(state)
    assert cost_free and all(i.startswith("take_card:") for i in cost_free)
    act(state, cost_free[0])
    assert state.players[0].gold == 0  # the Black Market pays nothing


def test_horse_guests_may_use_a_locked_card_without_locking_it() -> None:
    """Rulebook: "The Horse Guests brewer action may be used on an opponent's locked action card."."""
    state = start("centaurs", "human", "dwarves")
    trader = slot(state, 1, "trader")
    state.players[1].estate[trader][USED] = 1
    act(state, f"assign:{slot(state, 0, 'horse_guests')}.own", f"use:1.{trader}", "take:scale")
    assert holding(state, 0)["scale"] == 1


def test_chaos_wytch_dark_sacrifice_burns_grain_fields_and_frees_four_brewers() -> None:
    """Rulebook: "She returns her Grain Fields card along with the two upgrades back to the box. The four
    brewers on
    the Grain Fields cards are moved back to her race card ... The Chaos Wytch brewer assigned to the Dark
    Sacrifice card is removed from the game during winter cleanup."."""
    state = start("chaos_wytches", "human", "dwarves")
    fields = slot(state, 0, "fields")
    add_card(state, 0, "wheat_field")
    add_card(state, 0, "druid")
    wytches = state.players[0]
    wytches.brewers, wytches.estate[fields][OWN] = 2, 4
    sacrifice = slot(state, 0, "dark_sacrifice")
    assert f"assign:{sacrifice}.gnome" not in ids(state)  # "Gnomes may not be assigned"
    act(state, f"assign:{sacrifice}.own")
    assert f"burn:{slot(state, 0, 'brewery')}" not in ids(state)
    act(state, f"burn:{fields}")
    assert wytches.brewers == 5 and sorted(state.boxed_cards[1:]) == ["druid", "wheat_field"]
    assert "chaos_wytches:fields" in state.boxed_cards
    winter_of(state)
    assert wytches.brewers == 6 - 1  # six brewers, one sacrificed


def test_a_chaos_wytch_without_her_brewers_study_keeps_no_recipe_over_winter() -> None:
    """Rulebook: "The "Recipe Book" value listed on the Brewer's Study card is the maximum number of recipe
    cards you can have in your recipe book at the end of the winter phase"; Dark Sacrifice may "select one
    brewery action card in your estate", and a card it burns takes what it lists with it ("If you use Dark
    Sacrifice to discard your Brewery card, you will not be able to produce any beers"). Without a Study
    the maximum is 0: the whole book is discarded at once, with nothing to choose."""
    state = start("chaos_wytches", "human", "dwarves")
    act(state, f"assign:{slot(state, 0, 'dark_sacrifice')}.own", f"burn:{slot(state, 0, 'study')}")
    wytches = state.players[0]
    book = list(wytches.book)
    assert book_limit(wytches) == 0 and len(book) == 6
    goods(state, 0)
    winter_of(state)
    assert wytches.book == [] and wytches.winter == "" and state.phase == SPRING  # no discard step
    assert set(book) <= set(state.barrel_discard + state.spice_discard)
    pool(state, events=["recipe_scroll"])  # recipes still come by events in the spring
    state.turn = state.order.index(0)
    act(state, "draft:e0", "draw:barrel", "draw:spice")
    assert len(wytches.book) == 2


def test_dark_elf_swaps_a_judge_for_a_shadow_judge_before_the_screens_lift() -> None:
    """Rulebook: "the Dark Elf player may select one face-up Judge card on the scoring board and replace
    it with a
    face down Judge card from their Shadow Judge card."."""
    state = start("dark_elves", "human")
    elf = state.players[0]
    assert len(elf.shadow) == 3 and state.observe(1).players[0].shadow == ()
    to_fall(state)
    act(state, "done", seat=0)
    act(state, "done", seat=1)
    assert state.phase == SHADOW and state.actors() == [0]
    old, new = state.judges[1], elf.shadow[2]
    events = act(state, "shadow:1.2")
    assert events[0].payload == {"slot": 1, "judge": new}
    assert old in elf.shadow and len(elf.shadow) == 3  # "leaving three face down Judge cards"


def test_dwarf_gold_mine_makes_five_gold_every_turn() -> None:
    """Rulebook: "Assign a brewer to collect five gold ... may be used multiple times during the Spring"."""
    state = start("dwarves", "human")
    mine = slot(state, 0, "gold_mine")
    act(
        state,
        f"assign:{mine}.own",
        "end",
        f"assign:{slot(state, 1, 'brewery')}.own",
        "end",
        f"assign:{mine}.own",
    )
    assert state.players[0].gold == 4 + 10


def test_giants_mash_stomper_adds_two_to_the_mash_house() -> None:
    """Rulebook: "The Mash Stomper card upgrades the Giant's Mash House and increases the action
    multiplier by two."."""
    state = start("giants", "human")
    goods(state, 0, wheat=4, barley=4)
    act(state, f"assign:{slot(state, 0, 'mash')}.own", "mash:orange", "again", "mash:orange", "again")
    act(state, "mash:orange", "again", "mash:orange")
    assert holding(state, 0) == {"orange": 4}


def test_goblin_black_market_drafts_free_and_may_clear_again() -> None:
    """Rulebook: "use his brewer action to draft a Brewery or Event card and pay nothing. The Goblin
    player takes
    his card drafting action as well" / "may clear the draft as part of the Black Market action, even if
    he already cleared it"."""
    state = start("goblins", "human")
    act(state, "clear_draft", *(f"clear:b{i}" for i in range(5)))
    act(state, f"assign:{slot(state, 0, 'black_market')}.own")
    assert "clear_draft" in ids(state)
    gold = state.players[0].gold
    act(state, ids(state)[0])
    assert state.players[0].gold == gold
    while state.tasks:
        act(state, ids(state)[0])
    assert any(i.startswith("draft:") for i in ids(state))


def test_human_farmers_market_buys_four_wheat_and_two_rye_for_three_gold() -> None:
    """Rulebook: "the Human player uses the Farmer's Market to buy four wheat and two rye for three gold."."""
    state = start("human", "dwarves")
    goods(state, 0, gold=3)
    market = slot(state, 0, "farmers_market")
    act(state, f"free:{market}", "take:wheat", "take:wheat", f"free:{market}", "take:wheat", "take:wheat")
    act(state, f"free:{market}", "take:rye", "take:rye")
    assert holding(state, 0) == {"wheat": 4, "rye": 2} and state.players[0].gold == 0


def test_merfolk_sea_port_two_gold_and_two_red_grain_for_an_orange_wort() -> None:
    """Rulebook: "The Merfolk player discards two gold and two red grain for one orange wort."."""
    state = start("merfolk", "human")
    goods(state, 0, gold=2, barley=2)
    act(state, f"free:{slot(state, 0, 'sea_port')}", "take:orange")
    assert holding(state, 0) == {"orange": 1} and state.players[0].gold == 0


def test_naga_mana_spell_removes_the_spell_tokens() -> None:
    """Rulebook: "Discard a mana weed to remove all spell casting tokens from all other spells in your
    estate."."""
    state = start("naga", "human")
    spell = add_card(state, 0, "transmutation_spell")
    goods(state, 0, wheat=12, mana=1)
    act(state, f"spell:{spell}", *["pay:wheat"] * 6)
    goods(state, 0, wheat=6, mana=1)
    act(state, f"assign:{slot(state, 0, 'mana_spell')}.own")
    assert not state.players[0].estate[spell][USED] and state.tokens_left == 12
    act(state, f"spell:{spell}")  # cast again the same spring
    assert holding(state, 0) == {"mana": 1}


def test_orc_borrower_two_gold_and_six_grain() -> None:
    """Rulebook: "Assign a meeple brewer to collect two gold and any six grain from the supply."."""
    state = start("orcs", "human")
    goods(state, 0, gold=0)
    act(state, f"assign:{slot(state, 0, 'orc_borrower')}.own", *["take:barley"] * 6)
    assert holding(state, 0) == {"barley": 6} and state.players[0].gold == 2


def test_ogre_ruled_wins_a_bitterness_tie_with_tombo() -> None:
    """Rulebook: "The Ogre player puts her brewer on the Tombo Judge card in the spring. During the fall
    judging, the
    Ogre player will win the judge in the event of a tie on Tombo's primary judging characteristic
    (bitterness). The Ogre player's meeple is returned to her race card after Tombo awards his points."."""
    state = start("human", "ogres")
    judges(state, "J02")  # Tombo: highest bitterness, then highest colour
    human, ogre = state.players
    human.book, ogre.book = ["B03", "S04"], ["B06", "S06"]
    act(state, f"assign:{slot(state, 0, 'brewery')}.own", "end")
    act(state, f"assign:{slot(state, 1, 'ogre_ruled')}.own", "rule:0", "end")
    assert state.ogre == [1] and ogre.brewers == 5
    assert f"assign:{slot(state, 1, 'ogre_ruled')}.gnome" not in ids(state, 1)
    goods(state, 0, mana=9)
    goods(state, 1, mana=9)
    to_fall(state)
    brew(state, 0, ("B03", "S04"))  # Stout + Dry: bitterness 3, colour 3
    ogre_beer = ["B06", "S06"]  # Pilsner + Dragonfire: bitterness 3 too, but colour 0
    assert characteristic(ogre_beer, "bitterness") == 3 > characteristic(ogre_beer, "colour")
    act(state, "barrel:B06", "spice:S06", "close", seat=1)
    events = act(state, "done", seat=1)
    award = next(e for e in events if e.kind == "awarded")
    assert award.seat == 1 and ogre.ribbons == 1 and human.ribbons == 0
    assert ogre.brewers == 6  # back home once Tombo has awarded


def test_vampire_drain_gnome_turns_a_gnome_into_mana_weed() -> None:
    """Rulebook: "Discard a gnome from your race card or Gnome Housing to collect one mana weed"."""
    state = start("vampires", "human")
    state.players[0].gnomes, state.gnomes_left = 1, 9
    drain = slot(state, 0, "drain_gnome")
    act(state, f"free:{drain}")
    assert holding(state, 0)["mana"] == 1 and state.players[0].gnomes == 0 and state.gnomes_left == 10
    assert f"free:{drain}" not in ids(state)


def test_wizard_spell_book_casts_another_players_locked_spell_for_free() -> None:
    """Rulebook: "use any spell card owned by you or another player without spending the magic ingredient
    ... may be
    used on locked spells and using the Spell Book does not lock the spell"."""
    state = start("wizard_folk", "human", "dwarves")
    spell = add_card(state, 1, "transmutation_spell")
    state.players[1].estate[spell][USED] = 1
    goods(state, 0)
    book = slot(state, 0, "spell_book")
    act(state, f"assign:{book}.own", f"cast_any:1.{spell}")
    assert holding(state, 0) == {"mana": 1}
    assert state.players[0].estate[book][USED]


def test_fairy_spinning_wheel_spins_six_grain_into_six_gold_once() -> None:
    """Rulebook: "discard any six grains for six gold ... may be used once"."""
    state = start("fairy_folk", "human")
    goods(state, 0, gold=0, wheat=12)
    wheel = slot(state, 0, "spinning_wheel")
    act(state, f"spell:{wheel}")
    assert state.players[0].gold == 6 and f"spell:{wheel}" not in ids(state)


def test_free_gnomes_hire_a_gnome_when_another_player_drafts_one() -> None:
    """Rulebook: "Anytime another player drafts a Migrant Gnome Event card, the Gnome player may hire a
    Migrant
    Gnome for two gold"."""
    state = start("human", "free_gnomes", "dwarves")
    pool(state, events=["migrant_gnomes"])
    act(state, "draft:e0")
    assert state.actors() == [1] and ids(state) == ["guild:hire", "guild:decline"]
    gold = state.players[1].gold
    act(state, "guild:hire")
    assert state.players[1].gnomes == 1 and state.players[1].gold == gold - 2 and state.gnomes_left == 8
    assert state.actors() == [0]


def test_leprechaun_pot_o_gold_pays_a_gold_more_per_beer() -> None:
    """Rulebook: "upgrades the Leprechaun's brewery to produce an extra gold per beer brewed"."""
    state = start("leprechauns", "human")
    state.players[0].book = ["B02", "S01", "B01", "S03"]
    goods(state, 0, mana=9, gold=0)
    assert max_beers(state.players[0]) == 4
    to_fall(state)
    brew(state, 0, ("B02", "S01"), ("B01", "S03"))
    events = act(state, "done", seat=1)
    profit = next(e for e in events if e.kind == "profit" and e.seat == 0)
    assert profit.payload["gold"] == (1 + 1) + 2 + 2  # recipes' gold, and one per beer


def test_tree_men_sacred_grove_grows_a_magic_ingredient() -> None:
    """Rulebook: "upgrades the Tree Men's Grain Fields to produce one magic ingredient each time"."""
    state = start("tree_men", "human")
    goods(state, 0)
    act(state, f"assign:{slot(state, 0, 'fields')}.own", *["take:wheat"] * 4, "take:toadstool")
    assert holding(state, 0) == {"wheat": 4, "toadstool": 1}
    assert not any(e[0].endswith(":trader") for e in state.players[0].estate)


def test_the_shadow_judge_cannot_replace_an_ogre_ruled_judge() -> None:
    """Rulebook: "The Shadow Judge ability can't be used on judges who are being influenced by an Ogre
    player's "Ogre-Ruled" ability"."""
    state = start("dark_elves", "ogres")
    state.ogre[0] = 1
    to_fall(state)
    act(state, "done", seat=0)
    act(state, "done", seat=1)
    assert not any(i.startswith("shadow:0.") for i in ids(state)) and any(
        i.startswith("shadow:1.") for i in ids(state)
    )


def test_vampires_drain_a_housed_gnome_when_none_is_on_the_race_card() -> None:
    """Rulebook: "Drain Gnome: Discard a gnome from your race card or Gnome Housing to collect one mana
    weed from the supply."
    """
    state = start("vampires", "human")
    state.players[0].housed, state.gnomes_left = 1, 9
    act(state, f"free:{slot(state, 0, 'drain_gnome')}")
    assert state.players[0].housed == 0 and holding(state, 0)["mana"] == 1


def test_servant_spell_and_horse_guests_cannot_use_dark_sacrifice() -> None:
    """Rulebook: "The Servant Spell and Centaur Horse Guests abilities can't be used to duplicate the
    effect of the Dark Sacrifice card.\""""
    state = start("centaurs", "chaos_wytches", "human")
    spell = add_card(state, 0, "servant_spell")
    goods(state, 0, scale=1)
    sacrifice = slot(state, 1, "dark_sacrifice")
    act(state, f"spell:{spell}")
    assert f"use:1.{sacrifice}" not in ids(state) and f"use:1.{slot(state, 1, 'fields')}" in ids(state)


def test_vampires_choose_which_gnome_to_drain() -> None:
    """Rulebook: "Discard a gnome from your race card or Gnome Housing to collect one mana weed\""""
    state = start("vampires", "human")
    state.players[0].gnomes, state.players[0].housed, state.gnomes_left = 1, 1, 8
    drain = slot(state, 0, "drain_gnome")
    assert {f"free:{drain}.race", f"free:{drain}.housed"} <= set(ids(state))
    act(state, f"free:{drain}.housed")
    assert (state.players[0].gnomes, state.players[0].housed, state.gnomes_left) == (1, 0, 9)
