"""Web links checked: one verdict per URL, what an answer means, pages, the cache."""
