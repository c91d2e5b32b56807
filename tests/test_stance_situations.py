"""The verdict reader on kinds of question met in the thirteenth session's blind sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant.intent import read_question


def test_when_a_thing_is_over_is_no_object():
    q = read_question("do they hang on to my childs info after the contest is over")
    assert q.practice == "retain" and "contest" not in q.object_terms
    assert "sweepstak" not in read_question("do they keep my entry after the sweepstakes ends?").object_terms
    v = verdict("do they hang on to my childs info after the contest is over",
                "All of the child's personal information collected is securely maintained and used only for the specified purpose, such as a contest.",
                "We do not keep any of the child's personal information after the particular event is completed.", *FILLER)
    assert v.stance == "no"
