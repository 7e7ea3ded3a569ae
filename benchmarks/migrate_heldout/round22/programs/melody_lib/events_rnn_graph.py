"""Builds the melody model's graph: its own `tf.Graph`, the tensors handed on through collections."""

import tensorflow.compat.v1 as tf

from melody_lib import sequence_example_lib


def build_graph(mode, config, sequence_example_file_paths=None):
    """Returns a tf.Graph holding the inputs of the events RNN."""
    if mode not in ('train', 'eval', 'generate'):
        raise ValueError("The mode parameter must be 'train', 'eval', or 'generate'. The mode parameter was: %s"
                         % mode)

    input_size = config['input_size']
    num_classes = config['num_classes']

    tf.logging.info('hparams = %s', config)

    graph = tf.Graph()
    with graph.as_default():
        if mode in ('train', 'eval'):
            inputs, labels, lengths = sequence_example_lib.get_padded_batch(
                sequence_example_file_paths, config['batch_size'], input_size,
                shuffle=mode == 'train', num_epochs=config.get('num_epochs'))
        else:
            inputs = tf.placeholder(tf.float32, [config['batch_size'], None, input_size])
            labels = lengths = None

        weights = tf.get_variable('softmax_w', [input_size, num_classes],
                                  initializer=tf.constant_initializer(0.25))
        logits = tf.tensordot(inputs, weights, axes=[[2], [0]])
        mask = tf.sequence_mask(lengths, maxlen=tf.shape(labels)[1], dtype=tf.float32)
        softmax_cross_entropy = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
        loss = tf.reduce_sum(softmax_cross_entropy * mask) / tf.reduce_sum(mask)
        global_step = tf.train.get_or_create_global_step()
        train_op = tf.train.GradientDescentOptimizer(0.01).minimize(loss, global_step=global_step)

        vars_to_summarize = {'loss': loss}
        for var_name, var_value in vars_to_summarize.items():
            tf.summary.scalar(var_name, var_value)
            tf.add_to_collection(var_name, var_value)
        tf.add_to_collection('train_op', train_op)
        tf.add_to_collection('inputs', inputs)
        tf.add_to_collection('labels', labels)
        tf.add_to_collection('lengths', lengths)
    return graph
