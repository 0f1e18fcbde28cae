"""IQ-Link (Dietz, *An analysis of IQ LINK*): board, pieces, placements, strategies, search."""
