"""The conversation part of the facade (a mixin of :class:`~assistant.core.Assistant`): conversations per bundle, their
messages with each answer's verdict and citations as stored, and a conversation exported to Markdown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models import Answer, Conversation, Message

if TYPE_CHECKING:
    from .storage import Store


class Conversations:
    """``Assistant.new_conversation``, ``conversations``, ``messages``, ``delete_conversation``, ``export_markdown``."""

    store: Store

    def new_conversation(self, name: str, title: str = "New conversation") -> Conversation:
        b = self.store.get_bundle(name)
        return self.store.new_conversation(b.id or 0, title)

    def conversations(self, name: str) -> list[Conversation]:
        return self.store.conversations(self.store.get_bundle(name).id or 0)

    def messages(self, conversation_id: int) -> list[Message]:
        return self.store.messages(conversation_id)

    def delete_conversation(self, conversation_id: int) -> None:
        """Remove a conversation and its messages."""
        self.store.delete_conversation(conversation_id)

    def _record(self, conversation_id: int, question: str, answer: Answer) -> None:
        self.store.add_message(Message(conversation_id, "user", question))
        self.store.add_message(Message(
            conversation_id, "assistant", answer.text, [c.to_json() for c in answer.citations],
            {"status": answer.status, "stance": answer.stance, "verdict": answer.verdict.to_json() if answer.verdict else None,
             "mode": answer.mode, "model": answer.model, "related": [e.to_json_full() for e in answer.related],
             "citation_offsets": {c.cite_id: [c.document_id, c.start, c.end] for c in answer.citations}},
        ))

    def export_markdown(self, conversation_id: int) -> str:
        """A conversation as Markdown, with each answer's sources."""
        msgs = self.store.messages(conversation_id)
        out = ["# Conversation", ""]
        for m in msgs:
            if m.role == "user":
                out += [f"**You:** {m.content}", ""]
            else:
                out += [f"**Assistant:** {m.content}", ""]
                for c in m.citations:
                    out.append(f"> [{c['id']}] {c['document']} — {c['heading']}: {c['text'][:300]}")
                out.append("")
        return "\n".join(out)
