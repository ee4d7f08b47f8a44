"""The per-process memo of loaded data (datastore.load_cards): a second load costs a few stat calls, and
data installed since (by an update in this process or another, or a list file added) is seen."""

from __future__ import annotations

import shutil

from deckcheck import datastore

from .fixtures.update.harness import env, install_baseline  # noqa: F401


def test_a_second_load_is_the_same_index():
    first = datastore.load_cards()
    assert datastore.load_cards() is first
    assert datastore.data_stamp() == datastore.data_stamp()


def test_data_installed_by_another_process_is_seen_without_forgetting(env):
    bundled = datastore.load_cards()
    assert datastore.cards_info(bundled)["origin"] == "bundled"
    before = datastore.data_stamp()
    install_baseline(env)  # files copied in, as another process's update leaves them: no forget_state here
    assert datastore.data_stamp() != before
    downloaded = datastore.load_cards()
    assert downloaded is not bundled and datastore.cards_info(downloaded)["origin"] == "downloaded"
    assert datastore.load_cards() is downloaded


def test_a_new_list_file_is_seen_and_the_cards_stay_loaded(env):
    install_baseline(env)
    cards = datastore.load_cards()
    lists = datastore.installed_paths(env.data_dir)[1]
    newest = max((lists / "tcg").glob("*.yaml"))
    names = {b.path.name for b in datastore.load_store().all("tcg")}
    before = datastore.data_stamp()
    added = newest.with_name("2099-01-01.yaml")
    shutil.copyfile(newest, added)
    assert datastore.data_stamp() != before
    assert {b.path.name for b in datastore.load_store().all("tcg")} == names | {added.name}
    assert datastore.load_cards() is cards


def test_a_card_file_damaged_after_loading_is_noticed(env):
    install_baseline(env)
    assert datastore.cards_info(datastore.load_cards())["origin"] == "downloaded"
    path = datastore.installed_paths(env.data_dir)[0]
    path.write_bytes(path.read_bytes()[:-100])  # in place: the same inode, another size
    info = datastore.cards_info(datastore.load_cards())
    assert info["origin"] == "bundled" and "is damaged" in info["note"]
