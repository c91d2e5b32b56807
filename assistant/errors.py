"""User-facing errors: each carries a one-line message fit for the CLI and the UI."""


class AssistantError(Exception):
    """Base class: ``str(err)`` is a complete one-line message for the user."""


class InputError(AssistantError):
    """A file, URL, manifest or question the assistant cannot use."""


class DocumentShrankError(InputError):
    """A new version of a stored document lost most of its sections or words; replacing it needs ``force``."""


class NotAPolicyError(InputError):
    """A document that does not look like a policy, terms or notice."""


class FetchError(InputError):
    """A URL that could not be fetched."""


class ModelError(AssistantError):
    """A model file that is missing, corrupt or fails to load."""


class StorageError(AssistantError):
    """The data directory cannot be written or the database is unusable."""


class NotFoundError(AssistantError):
    """A bundle, document or conversation that does not exist."""


class Cancelled(AssistantError):
    """The operation was cancelled by the user."""
