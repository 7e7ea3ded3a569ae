"""Show-and-tell captioning model pieces: input ops and the model class."""
