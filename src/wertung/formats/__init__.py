"""File formats: the JSON tournament format, FIDE TRF, chess-results Excel exports."""
