import tensorflow.compat.v1 as tf

EVAL_SUMMARY_OP = 'eval_summaries'
TRAIN_SUMMARY_OP = 'train_summaries'


def add_train_summary(name, tensor):
    tf.summary.scalar(name, tensor, collections=[TRAIN_SUMMARY_OP])
