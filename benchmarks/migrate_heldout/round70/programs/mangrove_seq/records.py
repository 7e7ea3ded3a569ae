import tensorflow.compat.v1 as tf


def make_example(plot_id, depths, salinity):
    ex = tf.train.SequenceExample()
    ex.context.feature['plot_id'].int64_list.value.append(plot_id)
    ex.context.feature['length'].int64_list.value.append(len(depths))
    fl_depth = ex.feature_lists.feature_list['depth']
    fl_sal = ex.feature_lists.feature_list['salinity']
    for d, s in zip(depths, salinity):
        fl_depth.feature.add().int64_list.value.append(d)
        fl_sal.feature.add().float_list.value.append(s)
    return ex


def parse(serialized):
    context_features = {
        'plot_id': tf.FixedLenFeature([], dtype=tf.int64),
        'length': tf.FixedLenFeature([], dtype=tf.int64),
    }
    sequence_features = {
        'depth': tf.FixedLenSequenceFeature([], dtype=tf.int64),
        'salinity': tf.FixedLenSequenceFeature([], dtype=tf.float32),
    }
    context_parsed, sequence_parsed = tf.parse_single_sequence_example(
        serialized=serialized,
        context_features=context_features,
        sequence_features=sequence_features)
    return context_parsed, sequence_parsed
