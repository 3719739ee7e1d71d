"""Remote and list sources: chess-results.com, the DSB rating list."""
