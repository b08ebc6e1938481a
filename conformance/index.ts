// Every conformance section file, in spec order. conformance.test.ts fails when a file under
// conformance/acc or conformance/omp is missing here.

import type { Section } from './rows.js';
import acc_2_5_1_parallel_construct from './acc/2.5.1-parallel-construct.js';
import acc_2_6_2_implicit_data_attributes from './acc/2.6.2-implicit-data-attributes.js';
import acc_2_6_4_data_structures_with_pointers from './acc/2.6.4-data-structures-with-pointers.js';
import acc_2_6_5_data_construct from './acc/2.6.5-data-construct.js';
import acc_2_6_6_enter_exit_data from './acc/2.6.6-enter-exit-data.js';
import acc_2_7_1_data_specification from './acc/2.7.1-data-specification.js';
import acc_2_7_1_data_specification_struct_members from './acc/2.7.1-data-specification-struct-members.js';
import acc_2_7_1_data_specification_rank2 from './acc/2.7.1-data-specification-rank2.js';
import acc_2_6_7_reference_counters_allocatable from './acc/2.6.7-reference-counters-allocatable.js';
import acc_2_7_1_data_specification_member_sections from './acc/2.7.1-data-specification-member-sections.js';
import acc_2_7_1_data_specification_zero_length from './acc/2.7.1-data-specification-zero-length.js';
import acc_2_7_2_attach_action from './acc/2.7.2-attach-action.js';
import acc_2_7_2_attach_action_plain_pointers from './acc/2.7.2-attach-action-plain-pointers.js';
import acc_2_7_data_clauses_private_plain_pointers from './acc/2.7-data-clauses-private-plain-pointers.js';
import acc_2_7_2_attach_action_zero_length_members from './acc/2.7.2-attach-action-zero-length-members.js';
import acc_2_7_2_copyin_action from './acc/2.7.2-copyin-action.js';
import acc_2_7_2_copyout_action from './acc/2.7.2-copyout-action.js';
import acc_2_7_2_create_action from './acc/2.7.2-create-action.js';
import acc_2_7_2_delete_action from './acc/2.7.2-delete-action.js';
import acc_2_7_2_detach_action from './acc/2.7.2-detach-action.js';
import acc_2_7_2_immediate_detach_action from './acc/2.7.2-immediate-detach-action.js';
import acc_2_7_2_present_increment_action from './acc/2.7.2-present-increment-action.js';
import acc_2_7_5_present_clause from './acc/2.7.5-present-clause.js';
import acc_2_7_6_copy_clause from './acc/2.7.6-copy-clause.js';
import acc_2_7_7_copyin_clause from './acc/2.7.7-copyin-clause.js';
import acc_2_7_8_copyout_clause from './acc/2.7.8-copyout-clause.js';
import acc_2_7_9_create_clause from './acc/2.7.9-create-clause.js';
import acc_2_7_10_no_create_clause from './acc/2.7.10-no-create-clause.js';
import acc_2_7_11_delete_clause from './acc/2.7.11-delete-clause.js';
import acc_2_7_12_attach_clause from './acc/2.7.12-attach-clause.js';
import acc_2_7_13_detach_clause from './acc/2.7.13-detach-clause.js';
import acc_2_14_4_update_directive from './acc/2.14.4-update-directive.js';
import acc_3_2_16_acc_malloc from './acc/3.2.16-acc_malloc.js';
import acc_3_2_17_acc_free from './acc/3.2.17-acc_free.js';
import acc_3_2_18_acc_copyin_acc_create from './acc/3.2.18-acc_copyin-acc_create.js';
import acc_3_2_19_acc_copyout_acc_delete from './acc/3.2.19-acc_copyout-acc_delete.js';
import acc_3_2_21_acc_map_data from './acc/3.2.21-acc_map_data.js';
import acc_3_2_22_acc_unmap_data from './acc/3.2.22-acc_unmap_data.js';
import acc_2_13_declare_directive from './acc/2.13-declare-directive.js';
import acc_2_13_declare_procedure from './acc/2.13-declare-procedure.js';
import acc_2_13_3_link_clause from './acc/2.13.3-link-clause.js';
import acc_3_2_23_acc_deviceptr from './acc/3.2.23-acc_deviceptr.js';
import acc_2_8_host_data from './acc/2.8-host-data-construct.js';
import acc_2_6_8_device_pointer_value from './acc/2.6.8-device-pointer-value.js';
import omp_7_9_6_map_clause_pointer_value from './omp/7.9.6-map-clause-pointer-value.js';
import omp_7_5_8_use_device_ptr from './omp/7.5.8-use-device-ptr.js';
import omp_7_5_10_use_device_addr from './omp/7.5.10-use-device-addr.js';
import omp_15_7_use_device from './omp/15.7-target-data-use-device.js';
import acc_2_8_1_use_device from './acc/2.8.1-use-device-clause.js';
import acc_2_8_3_if_present from './acc/2.8.3-if-present-clause.js';
import acc_3_2_25_acc_is_present from './acc/3.2.25-acc_is_present.js';
import acc_3_2_26_acc_memcpy_to_device from './acc/3.2.26-acc_memcpy_to_device.js';
import acc_3_2_27_acc_memcpy_from_device from './acc/3.2.27-acc_memcpy_from_device.js';
import acc_3_2_29_acc_attach_acc_detach from './acc/3.2.29-acc_attach-acc_detach.js';
import acc_2_6_suite_libgomp from './acc/2.6-suite-libgomp.js';
import acc_3_2_suite_libgomp from './acc/3.2-suite-libgomp.js';
import omp_7_9_suite_libgomp from './omp/7.9-suite-libgomp.js';
import omp_7_9_suite_llvm from './omp/7.9-suite-llvm.js';
import omp_25_suite_llvm from './omp/25-suite-llvm.js';
import omp_25_suite_libgomp from './omp/25-suite-libgomp.js';
import omp_7_9_suite_reports from './omp/7.9-suite-reports.js';
import omp_7_9_suite_reports_2 from './omp/7.9-suite-reports-2.js';
import omp_7_9_suite_llvm_2 from './omp/7.9-suite-llvm-2.js';
import omp_7_9_suite_libgomp_2 from './omp/7.9-suite-libgomp-2.js';
import acc_2_6_suite_libgomp_2 from './acc/2.6-suite-libgomp-2.js';
import acc_2_6_suite_libgomp_3 from './acc/2.6-suite-libgomp-3.js';
import omp_7_9_suite_llvm_3 from './omp/7.9-suite-llvm-3.js';
import omp_7_9_suite_libgomp_3 from './omp/7.9-suite-libgomp-3.js';
import acc_2_6_suite_libgomp_4 from './acc/2.6-suite-libgomp-4.js';
import omp_7_9_suite_llvm_4 from './omp/7.9-suite-llvm-4.js';
import omp_7_9_suite_libgomp_4 from './omp/7.9-suite-libgomp-4.js';
import acc_2_6_suite_reports from './acc/2.6-suite-reports.js';
import acc_2_6_suite_reports_2 from './acc/2.6-suite-reports-2.js';
import omp_7_9_3_implicit_data_mapping from './omp/7.9.3-implicit-data-mapping.js';
import omp_7_9_6_map_clause_implicit_partly_mapped from './omp/7.9.6-map-clause-implicit-partly-mapped.js';
import omp_7_9_6_map_clause_pointer_attachment from './omp/7.9.6-map-clause-pointer-attachment.js';
import omp_7_9_6_map_clause_plain_pointers from './omp/7.9.6-map-clause-plain-pointers.js';
import omp_7_9_6_map_clause_private_plain_pointers from './omp/7.9.6-map-clause-private-plain-pointers.js';
import omp_7_9_6_map_clause_present_modifier from './omp/7.9.6-map-clause-present-modifier.js';
import omp_7_9_6_map_clause_storage_blocks from './omp/7.9.6-map-clause-storage-blocks.js';
import omp_7_9_6_map_clause_struct_members from './omp/7.9.6-map-clause-struct-members.js';
import omp_7_9_6_map_clause_rank2 from './omp/7.9.6-map-clause-rank2.js';
import omp_7_9_6_map_clause_allocatable from './omp/7.9.6-map-clause-allocatable.js';
import omp_7_9_6_map_clause_member_sections from './omp/7.9.6-map-clause-member-sections.js';
import omp_7_9_6_map_clause_zero_length from './omp/7.9.6-map-clause-zero-length.js';
import omp_7_9_6_map_clause_zero_length_members from './omp/7.9.6-map-clause-zero-length-members.js';
import omp_7_9_10_declare_mapper from './omp/7.9.10-declare-mapper.js';
import omp_7_9_2_map_type_decay from './omp/7.9.2-map-type-decay.js';
import omp_7_9_6_map_clause from './omp/7.9.6-map-clause.js';
import omp_7_9_6_map_clause_close_modifier from './omp/7.9.6-map-clause-close-modifier.js';
import omp_10_5_1_5_unified_shared_memory from './omp/10.5.1.5-unified-shared-memory.js';
import omp_15_2_device_clause from './omp/15.2-device-clause.js';
import omp_15_5_target_enter_data from './omp/15.5-target-enter-data.js';
import omp_15_6_target_exit_data from './omp/15.6-target-exit-data.js';
import omp_15_7_target_data from './omp/15.7-target-data.js';
import omp_15_8_target from './omp/15.8-target.js';
import omp_15_9_target_update from './omp/15.9-target-update.js';
import omp_25_device_numbers from './omp/25-device-numbers.js';
import omp_25_2_1_omp_target_is_present from './omp/25.2.1-omp_target_is_present.js';
import omp_25_2_2_omp_target_is_accessible from './omp/25.2.2-omp_target_is_accessible.js';
import omp_25_2_3_omp_get_mapped_ptr from './omp/25.2.3-omp_get_mapped_ptr.js';
import omp_25_3_omp_target_alloc from './omp/25.3-omp_target_alloc.js';
import omp_25_4_omp_target_free from './omp/25.4-omp_target_free.js';
import omp_25_5_omp_target_associate_ptr from './omp/25.5-omp_target_associate_ptr.js';
import omp_25_6_omp_target_disassociate_ptr from './omp/25.6-omp_target_disassociate_ptr.js';
import omp_25_7_1_omp_target_memcpy from './omp/25.7.1-omp_target_memcpy.js';
import omp_7_9_7_enter_clause from './omp/7.9.7-enter-clause.js';
import omp_7_9_8_link_clause from './omp/7.9.8-link-clause.js';
import omp_9_9_1_declare_target_directive from './omp/9.9.1-declare-target-directive.js';

export const SECTIONS: readonly { file: string; section: Section }[] = [
  { file: 'acc/2.5.1-parallel-construct.ts', section: acc_2_5_1_parallel_construct },
  { file: 'acc/2.6.2-implicit-data-attributes.ts', section: acc_2_6_2_implicit_data_attributes },
  { file: 'acc/2.6.4-data-structures-with-pointers.ts', section: acc_2_6_4_data_structures_with_pointers },
  { file: 'acc/2.6.5-data-construct.ts', section: acc_2_6_5_data_construct },
  { file: 'acc/2.6.6-enter-exit-data.ts', section: acc_2_6_6_enter_exit_data },
  { file: 'acc/2.7.1-data-specification.ts', section: acc_2_7_1_data_specification },
  { file: 'acc/2.7.1-data-specification-struct-members.ts', section: acc_2_7_1_data_specification_struct_members },
  { file: 'acc/2.7.1-data-specification-rank2.ts', section: acc_2_7_1_data_specification_rank2 },
  { file: 'acc/2.6.7-reference-counters-allocatable.ts', section: acc_2_6_7_reference_counters_allocatable },
  { file: 'acc/2.7.1-data-specification-member-sections.ts', section: acc_2_7_1_data_specification_member_sections },
  { file: 'acc/2.7.1-data-specification-zero-length.ts', section: acc_2_7_1_data_specification_zero_length },
  { file: 'acc/2.7.2-attach-action.ts', section: acc_2_7_2_attach_action },
  { file: 'acc/2.7.2-attach-action-plain-pointers.ts', section: acc_2_7_2_attach_action_plain_pointers },
  { file: 'acc/2.7-data-clauses-private-plain-pointers.ts', section: acc_2_7_data_clauses_private_plain_pointers },
  { file: 'acc/2.7.2-attach-action-zero-length-members.ts', section: acc_2_7_2_attach_action_zero_length_members },
  { file: 'acc/2.7.2-copyin-action.ts', section: acc_2_7_2_copyin_action },
  { file: 'acc/2.7.2-copyout-action.ts', section: acc_2_7_2_copyout_action },
  { file: 'acc/2.7.2-create-action.ts', section: acc_2_7_2_create_action },
  { file: 'acc/2.7.2-delete-action.ts', section: acc_2_7_2_delete_action },
  { file: 'acc/2.7.2-detach-action.ts', section: acc_2_7_2_detach_action },
  { file: 'acc/2.7.2-immediate-detach-action.ts', section: acc_2_7_2_immediate_detach_action },
  { file: 'acc/2.7.2-present-increment-action.ts', section: acc_2_7_2_present_increment_action },
  { file: 'acc/2.7.5-present-clause.ts', section: acc_2_7_5_present_clause },
  { file: 'acc/2.7.6-copy-clause.ts', section: acc_2_7_6_copy_clause },
  { file: 'acc/2.7.7-copyin-clause.ts', section: acc_2_7_7_copyin_clause },
  { file: 'acc/2.7.8-copyout-clause.ts', section: acc_2_7_8_copyout_clause },
  { file: 'acc/2.7.9-create-clause.ts', section: acc_2_7_9_create_clause },
  { file: 'acc/2.7.10-no-create-clause.ts', section: acc_2_7_10_no_create_clause },
  { file: 'acc/2.7.11-delete-clause.ts', section: acc_2_7_11_delete_clause },
  { file: 'acc/2.7.12-attach-clause.ts', section: acc_2_7_12_attach_clause },
  { file: 'acc/2.7.13-detach-clause.ts', section: acc_2_7_13_detach_clause },
  { file: 'acc/2.14.4-update-directive.ts', section: acc_2_14_4_update_directive },
  { file: 'acc/2.13-declare-directive.ts', section: acc_2_13_declare_directive },
  { file: 'acc/2.13-declare-procedure.ts', section: acc_2_13_declare_procedure },
  { file: 'acc/2.13.3-link-clause.ts', section: acc_2_13_3_link_clause },
  { file: 'acc/3.2.16-acc_malloc.ts', section: acc_3_2_16_acc_malloc },
  { file: 'acc/3.2.17-acc_free.ts', section: acc_3_2_17_acc_free },
  { file: 'acc/3.2.18-acc_copyin-acc_create.ts', section: acc_3_2_18_acc_copyin_acc_create },
  { file: 'acc/3.2.19-acc_copyout-acc_delete.ts', section: acc_3_2_19_acc_copyout_acc_delete },
  { file: 'acc/3.2.21-acc_map_data.ts', section: acc_3_2_21_acc_map_data },
  { file: 'acc/3.2.22-acc_unmap_data.ts', section: acc_3_2_22_acc_unmap_data },
  { file: 'acc/3.2.23-acc_deviceptr.ts', section: acc_3_2_23_acc_deviceptr },
  { file: 'acc/2.8-host-data-construct.ts', section: acc_2_8_host_data },
  { file: 'acc/2.6.8-device-pointer-value.ts', section: acc_2_6_8_device_pointer_value },
  { file: 'omp/7.9.6-map-clause-pointer-value.ts', section: omp_7_9_6_map_clause_pointer_value },
  { file: 'omp/7.5.8-use-device-ptr.ts', section: omp_7_5_8_use_device_ptr },
  { file: 'omp/7.5.10-use-device-addr.ts', section: omp_7_5_10_use_device_addr },
  { file: 'omp/15.7-target-data-use-device.ts', section: omp_15_7_use_device },
  { file: 'acc/2.8.1-use-device-clause.ts', section: acc_2_8_1_use_device },
  { file: 'acc/2.8.3-if-present-clause.ts', section: acc_2_8_3_if_present },
  { file: 'acc/3.2.25-acc_is_present.ts', section: acc_3_2_25_acc_is_present },
  { file: 'acc/3.2.26-acc_memcpy_to_device.ts', section: acc_3_2_26_acc_memcpy_to_device },
  { file: 'acc/3.2.27-acc_memcpy_from_device.ts', section: acc_3_2_27_acc_memcpy_from_device },
  { file: 'acc/3.2.29-acc_attach-acc_detach.ts', section: acc_3_2_29_acc_attach_acc_detach },
  { file: 'omp/7.9.3-implicit-data-mapping.ts', section: omp_7_9_3_implicit_data_mapping },
  { file: 'omp/7.9.6-map-clause-implicit-partly-mapped.ts', section: omp_7_9_6_map_clause_implicit_partly_mapped },
  { file: 'omp/7.9.6-map-clause-pointer-attachment.ts', section: omp_7_9_6_map_clause_pointer_attachment },
  { file: 'omp/7.9.6-map-clause-plain-pointers.ts', section: omp_7_9_6_map_clause_plain_pointers },
  { file: 'omp/7.9.6-map-clause-private-plain-pointers.ts', section: omp_7_9_6_map_clause_private_plain_pointers },
  { file: 'omp/7.9.6-map-clause-present-modifier.ts', section: omp_7_9_6_map_clause_present_modifier },
  { file: 'omp/7.9.6-map-clause-storage-blocks.ts', section: omp_7_9_6_map_clause_storage_blocks },
  { file: 'omp/7.9.6-map-clause-struct-members.ts', section: omp_7_9_6_map_clause_struct_members },
  { file: 'omp/7.9.6-map-clause-rank2.ts', section: omp_7_9_6_map_clause_rank2 },
  { file: 'omp/7.9.6-map-clause-allocatable.ts', section: omp_7_9_6_map_clause_allocatable },
  { file: 'omp/7.9.6-map-clause-member-sections.ts', section: omp_7_9_6_map_clause_member_sections },
  { file: 'omp/7.9.6-map-clause-zero-length.ts', section: omp_7_9_6_map_clause_zero_length },
  { file: 'omp/7.9.6-map-clause-zero-length-members.ts', section: omp_7_9_6_map_clause_zero_length_members },
  { file: 'omp/7.9.10-declare-mapper.ts', section: omp_7_9_10_declare_mapper },
  { file: 'omp/7.9.2-map-type-decay.ts', section: omp_7_9_2_map_type_decay },
  { file: 'omp/7.9.6-map-clause.ts', section: omp_7_9_6_map_clause },
  { file: 'omp/7.9.6-map-clause-close-modifier.ts', section: omp_7_9_6_map_clause_close_modifier },
  { file: 'omp/10.5.1.5-unified-shared-memory.ts', section: omp_10_5_1_5_unified_shared_memory },
  { file: 'omp/7.9.7-enter-clause.ts', section: omp_7_9_7_enter_clause },
  { file: 'omp/7.9.8-link-clause.ts', section: omp_7_9_8_link_clause },
  { file: 'omp/9.9.1-declare-target-directive.ts', section: omp_9_9_1_declare_target_directive },
  { file: 'omp/15.2-device-clause.ts', section: omp_15_2_device_clause },
  { file: 'omp/15.5-target-enter-data.ts', section: omp_15_5_target_enter_data },
  { file: 'omp/15.6-target-exit-data.ts', section: omp_15_6_target_exit_data },
  { file: 'omp/15.7-target-data.ts', section: omp_15_7_target_data },
  { file: 'omp/15.8-target.ts', section: omp_15_8_target },
  { file: 'omp/15.9-target-update.ts', section: omp_15_9_target_update },
  { file: 'omp/25-device-numbers.ts', section: omp_25_device_numbers },
  { file: 'omp/25.2.1-omp_target_is_present.ts', section: omp_25_2_1_omp_target_is_present },
  { file: 'omp/25.2.2-omp_target_is_accessible.ts', section: omp_25_2_2_omp_target_is_accessible },
  { file: 'omp/25.2.3-omp_get_mapped_ptr.ts', section: omp_25_2_3_omp_get_mapped_ptr },
  { file: 'omp/25.3-omp_target_alloc.ts', section: omp_25_3_omp_target_alloc },
  { file: 'omp/25.4-omp_target_free.ts', section: omp_25_4_omp_target_free },
  { file: 'omp/25.5-omp_target_associate_ptr.ts', section: omp_25_5_omp_target_associate_ptr },
  { file: 'omp/25.6-omp_target_disassociate_ptr.ts', section: omp_25_6_omp_target_disassociate_ptr },
  { file: 'omp/25.7.1-omp_target_memcpy.ts', section: omp_25_7_1_omp_target_memcpy },
  { file: 'acc/2.6-suite-libgomp.ts', section: acc_2_6_suite_libgomp },
  { file: 'acc/3.2-suite-libgomp.ts', section: acc_3_2_suite_libgomp },
  { file: 'omp/7.9-suite-libgomp.ts', section: omp_7_9_suite_libgomp },
  { file: 'omp/7.9-suite-llvm.ts', section: omp_7_9_suite_llvm },
  { file: 'omp/25-suite-llvm.ts', section: omp_25_suite_llvm },
  { file: 'omp/25-suite-libgomp.ts', section: omp_25_suite_libgomp },
  { file: 'acc/2.6-suite-reports.ts', section: acc_2_6_suite_reports },
  { file: 'acc/2.6-suite-reports-2.ts', section: acc_2_6_suite_reports_2 },
  { file: 'omp/7.9-suite-reports.ts', section: omp_7_9_suite_reports },
  { file: 'omp/7.9-suite-reports-2.ts', section: omp_7_9_suite_reports_2 },
  { file: 'omp/7.9-suite-llvm-2.ts', section: omp_7_9_suite_llvm_2 },
  { file: 'omp/7.9-suite-libgomp-2.ts', section: omp_7_9_suite_libgomp_2 },
  { file: 'acc/2.6-suite-libgomp-2.ts', section: acc_2_6_suite_libgomp_2 },
  { file: 'acc/2.6-suite-libgomp-3.ts', section: acc_2_6_suite_libgomp_3 },
  { file: 'omp/7.9-suite-llvm-3.ts', section: omp_7_9_suite_llvm_3 },
  { file: 'omp/7.9-suite-libgomp-3.ts', section: omp_7_9_suite_libgomp_3 },
  { file: 'acc/2.6-suite-libgomp-4.ts', section: acc_2_6_suite_libgomp_4 },
  { file: 'omp/7.9-suite-llvm-4.ts', section: omp_7_9_suite_llvm_4 },
  { file: 'omp/7.9-suite-libgomp-4.ts', section: omp_7_9_suite_libgomp_4 },
];
