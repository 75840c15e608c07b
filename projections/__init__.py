"""Read models built from the event log (board, scores, game list): see the storage issue."""
