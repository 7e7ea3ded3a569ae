import tensorflow.compat.v1 as tf


def feature_spec():
    """ Example input.

    {'VoterParty': 'republican', 'BillTitle': u'Making appropriations ...', 'VoterState': u'CO',
     'SponsorParty': 'republican', 'BillId': u'hr3755-104', 'VoterAge': 73, 'Decision': 'Aye'}
    """
    return {
        'SponsorParty': tf.FixedLenFeature([], tf.string),
        'VoterParty': tf.FixedLenFeature([], tf.string),
        'VoterState': tf.FixedLenFeature([], tf.string),
        'VoterAge': tf.FixedLenFeature([], tf.int64),
        'Decision': tf.FixedLenFeature([], tf.string),
    }


def write_votes(path, n=12):
    parties, states = ['republican', 'democrat'], ['CO', 'OH', 'TX', 'VT']
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(n):
            def b(s):
                return tf.train.Feature(bytes_list=tf.train.BytesList(value=[s.encode()]))
            ex = tf.train.Example(features=tf.train.Features(feature={
                'SponsorParty': b(parties[i % 2]), 'VoterParty': b(parties[(i // 2) % 2]),
                'VoterState': b(states[i % 4]),
                'VoterAge': tf.train.Feature(int64_list=tf.train.Int64List(value=[40 + 3 * i])),
                'Decision': b('Aye' if i % 3 else 'No')}))
            writer.write(ex.SerializeToString())
