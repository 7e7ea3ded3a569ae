from .data_flow import FeedDictFlow
