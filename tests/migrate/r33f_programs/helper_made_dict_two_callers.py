"""Placeholders made by a helper of a third module and returned, handed to another module's function twice."""
from r33f_lib import feeding, holders, rows


def main(data_dir):
    path = rows.write_hours(data_dir, 'helper')
    first, end = feeding.feed_batches(holders.make_placeholders(), path)
    placeholders = holders.make_placeholders()
    second, again = feeding.feed_batches(placeholders, path, batch_size=2)
    return {'batches': first + second, 'end': end if end == again else [end, again]}
